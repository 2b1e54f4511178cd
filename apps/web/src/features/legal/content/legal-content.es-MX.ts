import type { LegalContent } from './legal-content.ts';

/** The legal pages in Mexican Spanish. */
export const legalContentEsMX: LegalContent = {
  privacyPolicy: {
    updated: 'Última actualización: 1 de enero de 2026',
    intro: [
      'Este Aviso de Privacidad explica qué información personal recopila Gold Shop cuando usas nuestro sitio y nuestra app, por qué la recopilamos y qué opciones tienes. Al crear una cuenta o usar el servicio, aceptas este aviso.',
    ],
    sections: [
      {
        heading: 'Quién puede usar el servicio',
        paragraphs: [
          'El servicio no está dirigido a menores de 13 años, y no recopilamos a sabiendas información personal de menores de 13 años. Si crees que un menor de 13 años nos dio información personal, contáctanos desde la página Quejas y sugerencias y la eliminaremos.',
          'Para apartar productos y jugar juegos con dinero real necesitas tener al menos 18 años, como se indica en el Acuerdo de Divulgación de Riesgos.',
        ],
      },
      {
        heading: 'Información que recopilamos',
        paragraphs: [
          'Información de la cuenta: tu número de celular, tu contraseña (guardada solo como un hash seguro de un solo sentido), tu apodo y el código de recomendación con el que te registraste.',
          'Información de transacciones: recargas, retiros, transferencias, compras, direcciones de entrega y los datos bancarios que capturas para tus retiros.',
          'Información del dispositivo y de uso: un identificador aleatorio de dispositivo guardado en tu navegador, tu dirección IP, las páginas que abres y la hora de cada inicio de sesión, que usamos para reconocer dispositivos de confianza y proteger tu cuenta.',
        ],
      },
      {
        heading: 'Cómo usamos tu información',
        paragraphs: [
          'Usamos tu información para crear y proteger tu cuenta, enviar códigos de verificación por SMS, procesar pagos, entregar los productos que compras, operar el programa de recomendación, responder tus preguntas y cumplir nuestras obligaciones legales.',
          'No vendemos tu información personal.',
        ],
      },
      {
        heading: 'Seguimiento de compras',
        paragraphs: [
          'Cuando te registras, recargas o compras dentro de nuestra app de Android, la app registra el evento para medir nuestro marketing. Los montos de estos eventos se reportan en rupias indias (INR). Los eventos no contienen tu contraseña ni tus datos bancarios.',
        ],
      },
      {
        heading: 'Con quién compartimos',
        paragraphs: [
          'Compartimos información solo con los proveedores de pago que procesan tus pagos, el proveedor de SMS que entrega los códigos de verificación, las paqueterías que entregan tus pedidos y las autoridades cuando la ley lo exige.',
        ],
      },
      {
        heading: 'Almacenamiento y seguridad',
        paragraphs: [
          'Tu navegador guarda tu token de sesión, el identificador del dispositivo y tus preferencias de visualización en el almacenamiento local de tu equipo. En nuestros servidores, el acceso a la información personal está limitado al personal que la necesita, y los eventos de seguridad, como los inicios de sesión, quedan registrados en una bitácora de auditoría.',
          'Conservamos los registros de la cuenta y de las transacciones mientras tu cuenta exista y, después, durante el tiempo que exija la ley.',
        ],
      },
      {
        heading: 'Tus opciones',
        paragraphs: [
          'Puedes cambiar tu apodo en la pantalla Mi cuenta y tu contraseña en Seguridad de la cuenta. Para pedir una copia de tu información o su eliminación, contáctanos desde la página Quejas y sugerencias.',
        ],
      },
      {
        heading: 'Contacto y legislación aplicable',
        paragraphs: [
          'Puedes enviarnos tus dudas sobre este aviso desde la página Quejas y sugerencias de la app.',
          'Este aviso se rige por las leyes de la India, y el lugar de nuestra operación se declara como Uttar Pradesh, India.',
        ],
      },
    ],
  },
  riskAgreement: {
    updated: 'Última actualización: 1 de enero de 2026',
    intro: [
      'Lee con atención este Acuerdo de Divulgación de Riesgos antes de recargar, apartar productos o jugar cualquier juego. Al usar estos servicios confirmas que leíste, entendiste y aceptaste los riesgos aquí descritos.',
    ],
    sections: [
      {
        heading: 'Juegos con dinero real',
        paragraphs: [
          'Los juegos de esta app (Win, Aviator y Lucky Hit) se juegan con dinero real. Cada apuesta puede perderse por completo, y los resultados pasados no predicen los resultados futuros. Juega solo con dinero que puedas permitirte perder.',
          'Juega con responsabilidad. Si sientes que jugar ya no es divertido o que gastas más de lo que planeabas, deja de jugar y contáctanos desde la página Quejas y sugerencias.',
        ],
      },
      {
        heading: 'Edad mínima',
        paragraphs: [
          'Debes tener al menos 18 años para apartar productos, recargar tu saldo o jugar. Podemos pedirte una prueba de edad y cerrar las cuentas que no cumplan este requisito.',
        ],
      },
      {
        heading: 'Apartados y horario de inventario',
        paragraphs: [
          'El horario de inventario es de 01:30-05:30 todos los días. Durante el inventario, la tienda no acepta pagos anticipados.',
          'Los apartados en preventa se pagan con un anticipo dentro de un plazo de hasta 7 días, y el pago final vence en un máximo de 7 días.',
        ],
      },
      {
        heading: 'Cancelaciones',
        paragraphs: [
          'Un pedido puede cancelarse hasta las 01:30 del sábado. Un apartado cuyo pago final no se haya hecho antes de las 01:30 del sábado se cancela.',
          'La joyería personalizada y los pedidos de compra inteligente no pueden cancelarse.',
        ],
      },
      {
        heading: 'Reembolsos',
        paragraphs: [
          'Los reembolsos aprobados se pagan en un máximo de 5 días hábiles.',
          'Si una transacción falla después de que el dinero salió de tu cuenta, el monto se reembolsa en un máximo de 72 horas.',
        ],
      },
      {
        heading: 'Tus responsabilidades',
        paragraphs: [
          'Mantén en secreto tu contraseña y tus códigos de verificación. Nunca te los pediremos. Eres responsable de la actividad de tu cuenta hasta que nos avises que fue usada indebidamente.',
          'Antes de jugar, asegúrate de que los juegos con dinero real sean legales donde vives.',
        ],
      },
      {
        heading: 'Legislación aplicable',
        paragraphs: [
          'Este acuerdo se rige por las leyes de la India; el lugar declarado es Uttar Pradesh, India.',
        ],
      },
    ],
  },
};
