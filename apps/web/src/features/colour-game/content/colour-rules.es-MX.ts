import type { ColourRulesContent } from './colour-rules.ts';

/** Las reglas del juego de colores en español de México. */
export const colourRulesEsMX: ColourRulesContent = {
  rule: [
    'Cada periodo dura 3 minutos: 2 minutos 30 segundos para hacer contratos y 30 segundos para mostrar el resultado. Hay 480 periodos al día, numerados del 001 al 480.',
    'Los contratos se cierran cuando quedan 30 segundos o menos en el periodo. Decide el reloj del servidor, sin importar la hora de tu dispositivo.',
    'Se cobra una comisión de servicio del 2% en cada contrato: si gastas 100, el monto de tu contrato es 98.',
    'UNIRSE AL VERDE: si el resultado es 1, 3, 7 o 9 recibes 98 × 2 = 196; si el resultado es 5 recibes 98 × 1.5 = 147.',
    'UNIRSE AL ROJO: si el resultado es 2, 4, 6 u 8 recibes 98 × 2 = 196; si el resultado es 0 recibes 98 × 1.5 = 147.',
    'UNIRSE AL VIOLETA: si el resultado es 0 o 5 recibes 98 × 4.5 = 441.',
    'ELEGIR NÚMERO: si el resultado es el número que elegiste recibes 98 × 9 = 882.',
    'El resultado es el último dígito del precio de apertura, un número de 10000 a 99999 sorteado con la semilla secreta del periodo. Las semillas forman una cadena de hashes cuyo hash final se publica antes del primer periodo; cada semilla se revela cuando su periodo se liquida, así que puedes comprobar cada resultado con Verificar en Mis registros.',
  ],
  presale: [
    'Estas reglas protegen a todos los que participan en una preventa y mantienen las preventas en orden.',
    'Una preventa reserva mercancía con un anticipo antes de entregarla. Al marcar Acepto reservas la mercancía de tu contrato según estas reglas.',
    'Anticipo: el anticipo se puede pagar durante el plazo del anticipo, que dura hasta 7 días.',
    'Pago final: el resto del precio se paga dentro de los 7 días posteriores al cierre del plazo del anticipo. La reserva cuyo pago final no se hace a tiempo se cancela.',
  ],
};
