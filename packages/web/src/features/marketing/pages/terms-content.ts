/** The Terms of Use of Facet, one entry per section (rendered by terms-page.tsx). */
export type TermsSection = { id: string; title: string; paragraphs: string[] };

export const TERMS_UPDATED = '1 January 2026';

export const TERMS: readonly TermsSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    paragraphs: [
      'These Terms of Use govern your use of the Facet website, apps and services ("Facet", "we", "us"). Facet is a marketplace and manufacturing service for custom jewelry: customers price, design and order pieces; CAD designers and service providers offer their work to customers; and our production team manufactures and delivers the pieces.',
      'By creating an account or using Facet you agree to these terms. If you use Facet on behalf of a business, you confirm that you may bind that business, and "you" includes it. If you do not agree, do not use Facet.',
    ],
  },
  {
    id: 'accounts',
    title: 'Your account',
    paragraphs: [
      'You must be at least 18 years old and give accurate, current information when you sign up, including your name, email address, phone number (customers) and address. Keep your password secret; you are responsible for everything done with your account. Tell us at once if you suspect someone else has used it.',
      'Accounts are personal to one role: customer, CAD designer or service provider. Designers and service providers are reviewed before they can receive projects; while an account is pending, only its review page and settings are available.',
      'We may put an account on hold, deactivate it or refuse a registration when these terms are broken, when information is false, or to protect customers, professionals or Facet. Where we can, we tell you why and how to put things right.',
    ],
  },
  {
    id: 'projects',
    title: 'Projects, invitations and offers',
    paragraphs: [
      'A customer opens a project for a piece and may invite CAD designers or service providers to it. An invited professional may answer with an offer stating a total price and a lead time in days. An offer is binding on the professional once sent.',
      'When the customer accepts an offer, a contract for that work is formed directly between the customer and the professional, and every other invitation on the project is declined. Facet is not a party to that contract, but provides the tools, payments and support around it and may help resolve disputes.',
      'After delivery the customer may request changes. Changes outside the original brief may be priced by the professional as a new amount to be paid before the work resumes.',
    ],
  },
  {
    id: 'prices',
    title: 'Prices and estimates',
    paragraphs: [
      'Production prices are computed from your model (its volume and surface), the metal, polish, plating, options and quantity you choose. Estimates shown before an order are based on current metal rates and may change until you pay. The price shown at checkout, including taxes and shipping where they apply, is the price you pay.',
      'A model that is not watertight cannot be priced for casting; we will tell you so and suggest having it repaired by a designer.',
      'Prices for design work are set by each professional in their offer. All amounts are in US dollars unless the checkout page states otherwise.',
    ],
  },
  {
    id: 'payments',
    title: 'Payments, fees and payouts',
    paragraphs: [
      'Customers pay Facet for production orders, credits, plans and accepted design offers through our payment provider. For design offers, Facet collects the payment and holds it until the work is delivered and the project completes, then pays the professional their earnings less the platform fee shown to them before they accept work.',
      'Professionals must connect a payout account to be paid and are responsible for their own taxes. If a project is cancelled before work begins, the customer is refunded. Disputes about delivered work are reviewed by our team, who may refund the customer in whole or in part.',
      'Projects whose delivery sits unanswered by the customer for seven days are completed automatically, and the professional is paid.',
    ],
  },
  {
    id: 'credits',
    title: 'Credits and plans',
    paragraphs: [
      'Credits pay for AI design generations. Plans may include a monthly credit allowance; purchased credit packs add to your balance. Credits have no cash value, cannot be transferred and are not refundable except where the law requires.',
      'Paid plans renew each month until cancelled. You may cancel at any time; the plan stays active until the end of the period already paid. Some designs and options require a minimum order quantity or a particular plan, which we show before you order.',
    ],
  },
  {
    id: 'production',
    title: 'Production, shipping and delivery',
    paragraphs: [
      'We manufacture pieces in stages (processing, 3D printing, casting, polish, final quality check, delivery) and show you a promised delivery date counted in business days. Dates are estimates; we tell you if an order runs late.',
      'Jewelry is made by hand from your model. Small variations in weight, surface and colour between the preview and the finished piece are normal and are not defects. Risk in a piece passes to you on delivery to the address you gave.',
    ],
  },
  {
    id: 'returns',
    title: 'Custom goods, returns and remakes',
    paragraphs: [
      'Pieces made to your specification are custom goods and cannot be returned because you changed your mind. If a piece arrives damaged, does not match the model and options you ordered, or has a manufacturing defect, tell us within 14 days of delivery with photos; we will remake, repair or refund it.',
      'Nothing in these terms limits rights you have under consumer law that cannot be excluded.',
    ],
  },
  {
    id: 'content',
    title: 'Your designs and intellectual property',
    paragraphs: [
      'You keep ownership of the models, sketches, descriptions and files you upload. You give Facet a licence to store, analyse, display to the people you work with, and manufacture them, only to provide the service. We do not sell your designs or show them publicly without your permission.',
      'Unless a professional and a customer agree otherwise in the project, the rights in design work delivered and paid for pass to the customer on payment, and the professional may show the work in their portfolio only with the customer’s consent.',
      'You promise that what you upload is yours or that you may use it, and that producing it does not infringe anyone’s rights. We remove content and may close accounts when we receive a valid notice of infringement.',
    ],
  },
  {
    id: 'conduct',
    title: 'Conduct on Facet',
    paragraphs: [
      'Keep communication and payment on Facet. Messages that share email addresses or phone numbers to take a project elsewhere are blocked, and repeated attempts may lead to an account hold.',
      'Do not upload unlawful, hateful or misleading content; harass anyone; impersonate others; misuse the chat; probe, overload or copy the service; or use Facet to make weapons or counterfeit goods. Professionals must only accept work they can deliver and must deliver it as offered.',
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy',
    paragraphs: [
      'We collect the information you give us (account details, address, profile, files and messages) and information about how you use Facet (log and device data) to run the service, prevent fraud, support you and improve Facet. We share it only with the people you work with on a project, with providers who act for us (hosting, payments, email, shipping), and where the law requires.',
      'We keep your data while your account is open and afterwards only as long as needed for legal, tax and dispute purposes. You may ask to see, correct, export or delete your data by contacting us. We use essential cookies to keep you signed in; we do not use advertising cookies.',
    ],
  },
  {
    id: 'liability',
    title: 'Disclaimers and liability',
    paragraphs: [
      'Facet is provided as is. We work to keep it available and accurate but do not promise it will be uninterrupted or error-free. Professionals are independent; we review them but do not guarantee their work, except where Facet manufactures a piece itself.',
      'To the extent the law allows, Facet is not liable for indirect or consequential loss, lost profits or lost data, and our total liability for any claim is limited to the amount you paid Facet in the twelve months before the claim. Nothing limits liability for death or personal injury caused by negligence, for fraud, or any liability that cannot be limited by law.',
    ],
  },
  {
    id: 'ending',
    title: 'Ending your use of Facet',
    paragraphs: [
      'You may close your account at any time from your settings or by contacting us, after open projects and orders are completed or cancelled. We may end these terms with you on notice, or at once for serious or repeated breaches. Sections on payments owed, intellectual property, liability and disputes survive.',
    ],
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    paragraphs: [
      'We may update these terms as Facet changes. We will tell you by email or in the app at least 14 days before material changes take effect. If you keep using Facet after that, the new terms apply; if you do not agree, you may close your account.',
    ],
  },
  {
    id: 'contact',
    title: 'Contact',
    paragraphs: [
      'Questions about these terms, your data or an order? Use Contact Us at the foot of every page and our team will answer, usually within one business day.',
    ],
  },
];
