import type { LegalContent } from './legal-content.ts';

/** The legal pages in Brazilian Portuguese. */
export const legalContentPtBR: LegalContent = {
  privacyPolicy: {
    updated: 'Última atualização: 1º de janeiro de 2026',
    intro: [
      'Esta Política de Privacidade explica quais informações pessoais a Gold Shop coleta quando você usa nosso site e aplicativo, por que as coletamos e quais escolhas você tem. Ao criar uma conta ou usar o serviço, você concorda com esta política.',
    ],
    sections: [
      {
        heading: 'Quem pode usar o serviço',
        paragraphs: [
          'O serviço não se destina a crianças menores de 13 anos, e não coletamos intencionalmente informações pessoais de menores de 13 anos. Se você acredita que uma criança menor de 13 anos nos forneceu informações pessoais, entre em contato pela página Reclamações e sugestões e nós as excluiremos.',
          'Reservar produtos e jogar jogos com dinheiro real exige que você tenha pelo menos 18 anos, conforme o Termo de Divulgação de Riscos.',
        ],
      },
      {
        heading: 'Informações que coletamos',
        paragraphs: [
          'Informações da conta: seu número de celular, sua senha (armazenada apenas como um hash seguro de mão única), seu apelido e o código de indicação com que você se cadastrou.',
          'Informações de transações: recargas, saques, transferências, compras, endereços de entrega e os dados bancários que você informa para saques.',
          'Informações do dispositivo e de uso: um identificador aleatório de dispositivo guardado no seu navegador, seu endereço IP, as páginas que você abre e o horário de cada login, que usamos para reconhecer dispositivos confiáveis e proteger sua conta.',
        ],
      },
      {
        heading: 'Como usamos suas informações',
        paragraphs: [
          'Usamos suas informações para criar e proteger sua conta, enviar códigos de verificação por SMS, processar pagamentos, entregar os produtos que você compra, operar o programa de indicação, responder às suas dúvidas e cumprir nossas obrigações legais.',
          'Não vendemos suas informações pessoais.',
        ],
      },
      {
        heading: 'Rastreamento de compras',
        paragraphs: [
          'Quando você se cadastra, faz uma recarga ou uma compra em nosso aplicativo Android, o aplicativo registra o evento para medir nosso marketing. Os valores desses eventos são informados em rupias indianas (INR). Os eventos não contêm sua senha nem seus dados bancários.',
        ],
      },
      {
        heading: 'Compartilhamento',
        paragraphs: [
          'Compartilhamos informações apenas com os provedores de pagamento que processam seus pagamentos, o provedor de SMS que entrega os códigos de verificação, as transportadoras que entregam seus pedidos e as autoridades quando a lei exigir.',
        ],
      },
      {
        heading: 'Armazenamento e segurança',
        paragraphs: [
          'Seu navegador guarda seu token de acesso, o identificador do dispositivo e suas preferências de exibição no armazenamento local do seu aparelho. Em nossos servidores, o acesso às informações pessoais é restrito à equipe que precisa delas, e eventos de segurança, como logins, são registrados em um log de auditoria.',
          'Mantemos os registros da conta e das transações enquanto sua conta existir e, depois disso, pelo tempo exigido por lei.',
        ],
      },
      {
        heading: 'Suas escolhas',
        paragraphs: [
          'Você pode alterar seu apelido na tela Minha conta e sua senha em Segurança da conta. Para pedir uma cópia das suas informações ou a exclusão delas, entre em contato pela página Reclamações e sugestões.',
        ],
      },
      {
        heading: 'Contato e legislação aplicável',
        paragraphs: [
          'Dúvidas sobre esta política podem ser enviadas pela página Reclamações e sugestões no aplicativo.',
          'Esta política é regida pelas leis da Índia, e o local de nossa operação é declarado como Uttar Pradesh, Índia.',
        ],
      },
    ],
  },
  riskAgreement: {
    updated: 'Última atualização: 1º de janeiro de 2026',
    intro: [
      'Leia este Termo de Divulgação de Riscos com atenção antes de recarregar, reservar produtos ou jogar qualquer jogo. Ao usar estes serviços, você confirma que leu, entendeu e aceitou os riscos aqui descritos.',
    ],
    sections: [
      {
        heading: 'Jogos com dinheiro real',
        paragraphs: [
          'Os jogos deste aplicativo (Win, Aviator e Lucky Hit) são jogados com dinheiro real. Cada aposta pode ser perdida integralmente, e resultados anteriores não preveem resultados futuros. Jogue apenas com dinheiro que você pode perder.',
          'Jogue com responsabilidade. Se sentir que jogar deixou de ser diversão ou que está gastando mais do que planejava, pare de jogar e fale conosco pela página Reclamações e sugestões.',
        ],
      },
      {
        heading: 'Idade mínima',
        paragraphs: [
          'Você precisa ter pelo menos 18 anos para reservar produtos, recarregar seu saldo ou jogar. Podemos pedir comprovação de idade e encerrar contas que não cumpram este requisito.',
        ],
      },
      {
        heading: 'Reservas e horário de inventário',
        paragraphs: [
          'O horário de inventário é das 01:30-05:30 todos os dias. Durante o inventário, a loja não aceita pagamentos antecipados.',
          'As reservas em pré-venda são pagas com um sinal em uma janela de até 7 dias, e o pagamento final vence em até 7 dias.',
        ],
      },
      {
        heading: 'Cancelamentos',
        paragraphs: [
          'Um pedido pode ser cancelado até as 01:30 de sábado. Uma reserva cujo pagamento final não for feito até as 01:30 de sábado é cancelada.',
          'Joias personalizadas e pedidos de compra inteligente não podem ser cancelados.',
        ],
      },
      {
        heading: 'Reembolsos',
        paragraphs: [
          'Os reembolsos aprovados são pagos em até 5 dias úteis.',
          'Se uma transação falhar depois que o dinheiro saiu da sua conta, o valor é reembolsado em até 72 horas.',
        ],
      },
      {
        heading: 'Suas responsabilidades',
        paragraphs: [
          'Mantenha sua senha e seus códigos de verificação em segredo. Nunca pediremos esses dados. Você é responsável pela atividade na sua conta até nos avisar que ela foi usada indevidamente.',
          'Certifique-se de que jogos com dinheiro real são permitidos onde você mora antes de jogar.',
        ],
      },
      {
        heading: 'Legislação aplicável',
        paragraphs: ['Este termo é regido pelas leis da Índia; o local declarado é Uttar Pradesh, Índia.'],
      },
    ],
  },
};
