import { BadgeCheck, Info } from 'lucide-react'
import { useSellerVerification } from '../api/get-seller-verification'

/** Whether the seller is verified yet (GET /api/seller/verified/{email}): verified listings carry the badge. */
export function SellerVerificationHint({ email }: { email: string | undefined }) {
  const { isVerified, data } = useSellerVerification(email)
  if (isVerified === undefined) return null
  return isVerified ? (
    <p className="flex items-start gap-2 text-sm text-success">
      <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="font-semibold">You are a verified seller.</span> Your listings show the verified badge.
      </span>
    </p>
  ) : (
    <p className="flex items-start gap-2 text-sm text-base-content/75">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-info" />
      {data?.reason ? (
        // an admin withdrew the verification; the seller sees why (it was mailed to them too)
        <span>
          <span className="font-semibold text-base-content">Your verification was withdrawn.</span> Reason:{' '}
          <span className="break-words">{data.reason}</span>
        </span>
      ) : (
        <span>
          <span className="font-semibold text-base-content">Not verified yet.</span> Keep listing good bags: our team
          verifies active sellers, and your listings then show the verified badge.
        </span>
      )}
    </p>
  )
}
