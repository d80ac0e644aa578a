import { eq, sql } from 'drizzle-orm'
import { appendMessage, conversationFor } from '../../modules/conversations/conversations.service.ts'
import type { DbOrTx } from '../client.ts'
import { conversations } from '../schema/index.ts'
import type { DemoCustomerKey } from './demo-orders.ts'

// Two conversations for the demo, written by the conversations module's own functions inside the
// seed's transaction: a question about a bag for sale (read by both), and the conversation of the disputed demo order,
// where the buyer's phone number was hidden before storing and the seller's two answers are still unread, so the inbox
// shows an unread count on a fresh start. The admin may read the second one: its order is under dispute.

const HOUR = 3_600_000

export interface DemoConversation {
  /** The demo listing's title. */
  listing: string
  buyer: DemoCustomerKey
  /** Both have read everything (otherwise the recipient of the last messages has not). */
  readByBoth?: boolean
  messages: readonly { from: 'buyer' | 'seller'; hoursAgo: number; text: string }[]
}

export const DEMO_CONVERSATIONS: readonly DemoConversation[] = [
  {
    listing: 'Chanel Classic Flap Small, beige caviar',
    buyer: 'emma',
    readByBoth: true,
    messages: [
      {
        from: 'buyer',
        hoursAgo: 30,
        text: 'Hello! Does the flap come with its authenticity card and dust bag? And is the chain drop long enough to wear it crossbody?',
      },
      {
        from: 'seller',
        hoursAgo: 27,
        text: 'Hi Emma, yes: the authenticity card, the dust bag and the box are all included. The chain drop is 48 cm doubled and 58 cm single, so it works crossbody.',
      },
      {
        from: 'buyer',
        hoursAgo: 2,
        text: 'Lovely, thank you. Could you add a photo of the serial sticker inside the bag? Then I will book it.',
      },
    ],
  },
  {
    listing: 'Tory Burch McGraw Tote, tan',
    buyer: 'noah',
    messages: [
      {
        from: 'buyer',
        hoursAgo: 80,
        text: 'Hi, the bag arrived but there is a big ink stain on the base that I did not see in the photos. Can you call me on 07700 900123 so we can sort it out?',
      },
      {
        from: 'seller',
        hoursAgo: 78,
        text: 'Sorry to hear that! Let us keep it here so the team can see it too. The mark is on the lining inside the base, it is in the fourth photo. I am happy to take the bag back.',
      },
      {
        from: 'seller',
        hoursAgo: 76,
        text: 'I have answered on the order page as well. Whatever the team decides is fine with me.',
      },
    ],
  },
]

/** Seeds the demo's conversations; answers how many. */
export async function seedDemoConversations(
  tx: DbOrTx,
  idOf: (key: string) => string,
  listingOf: (title: string) => { id: string; sellerId: string } | undefined,
  now: number,
): Promise<number> {
  for (const c of DEMO_CONVERSATIONS) {
    const listing = listingOf(c.listing)
    if (!listing) throw new Error(`demo conversation names an unknown listing: ${c.listing}`)
    const buyerId = idOf(c.buyer)
    const first = c.messages[0]!
    const { c: conversation } = await conversationFor(tx, {
      productId: listing.id,
      buyerId,
      sellerId: listing.sellerId,
      now: new Date(now - first.hoursAgo * HOUR),
    })
    for (const m of c.messages) {
      const senderId = m.from === 'buyer' ? buyerId : listing.sellerId
      await appendMessage(tx, conversation.id, senderId, m.text, new Date(now - m.hoursAgo * HOUR))
    }
    if (c.readByBoth)
      await tx
        .update(conversations)
        .set({ buyerReadSeq: sql`${conversations.lastSeq}`, sellerReadSeq: sql`${conversations.lastSeq}` })
        .where(eq(conversations.id, conversation.id))
  }
  return DEMO_CONVERSATIONS.length
}
