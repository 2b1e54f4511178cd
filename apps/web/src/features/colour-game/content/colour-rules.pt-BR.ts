import type { ColourRulesContent } from './colour-rules.ts';

/** As regras do jogo de cores em português do Brasil. */
export const colourRulesPtBR: ColourRulesContent = {
  rule: [
    'Cada período dura 3 minutos: 2 minutos e 30 segundos para fazer contratos e 30 segundos para mostrar o resultado. São 480 períodos por dia, numerados de 001 a 480.',
    'Os contratos fecham quando restam 30 segundos ou menos no período. Vale o relógio do servidor, seja qual for o horário do seu aparelho.',
    'Uma taxa de serviço de 2% é descontada de cada contrato: se você gastar 100, o valor do seu contrato é 98.',
    'ENTRAR NO VERDE: se o resultado for 1, 3, 7 ou 9 você recebe 98 × 2 = 196; se o resultado for 5 você recebe 98 × 1,5 = 147.',
    'ENTRAR NO VERMELHO: se o resultado for 2, 4, 6 ou 8 você recebe 98 × 2 = 196; se o resultado for 0 você recebe 98 × 1,5 = 147.',
    'ENTRAR NO VIOLETA: se o resultado for 0 ou 5 você recebe 98 × 4,5 = 441.',
    'ESCOLHER NÚMERO: se o resultado for o número escolhido você recebe 98 × 9 = 882.',
    'O resultado é o último dígito do preço de abertura, um número de 10000 a 99999 sorteado a partir da semente secreta do período. As sementes formam uma cadeia de hashes cujo hash final é publicado antes do primeiro período; cada semente é revelada quando o período é liquidado, então você pode conferir cada resultado com Verificar em Meus registros.',
  ],
  presale: [
    'Estas regras protegem todos que participam de uma pré-venda e mantêm as pré-vendas em ordem.',
    'Uma pré-venda reserva mercadorias com um sinal antes da entrega. Ao marcar Eu concordo você reserva as mercadorias do seu contrato segundo estas regras.',
    'Sinal: o sinal pode ser pago durante o prazo do sinal, que dura até 7 dias.',
    'Pagamento final: o restante do preço é pago em até 7 dias após o fim do prazo do sinal. A reserva cujo pagamento final não for feito a tempo é cancelada.',
  ],
};
