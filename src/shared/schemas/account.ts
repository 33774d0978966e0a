import type { FormSpec } from '../validation/rules.ts'

/** Product §5 / §9: the sign-in service's minimum and its exact message. */
export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_TOO_SHORT = 'The password must be 6 characters long or more'

const password = {
  label: 'Password',
  rules: `required|min:${PASSWORD_MIN_LENGTH}|max:128`,
  messages: { min: PASSWORD_TOO_SHORT },
} as const

/** Create Account (/register): checked in the browser and again by the server. */
export const RegisterForm = {
  displayName: { label: 'Display name', rules: 'required|line|max:80' },
  email: { label: 'Email', rules: 'required|email|max:254' },
  phone: { label: 'Phone', rules: 'required|phone' },
  password,
  confirmPassword: { label: 'Confirm password', rules: 'required|confirm:password' },
} as const satisfies FormSpec

export type RegisterFields = keyof typeof RegisterForm

export const SignInForm = {
  email: { label: 'Email', rules: 'required|email|max:254' },
  password: { label: 'Password', rules: 'required|max:128' },
} as const satisfies FormSpec

export type SignInFields = keyof typeof SignInForm

/** Your details on /account: the same fields and rules as when the account was created. */
export const ProfileForm = {
  displayName: RegisterForm.displayName,
  phone: RegisterForm.phone,
} as const satisfies FormSpec

export type ProfileFields = keyof typeof ProfileForm

/** Change password on /account; the new password follows the sign-up rule and message (product §5). */
export const ChangePasswordForm = {
  currentPassword: { label: 'Current password', rules: 'required|max:128' },
  newPassword: { ...password, label: 'New password' },
  confirmNewPassword: { label: 'Confirm new password', rules: 'required|confirm:newPassword' },
} as const satisfies FormSpec

export type ChangePasswordFields = keyof typeof ChangePasswordForm

/** What the server checks of a password change: the confirmation is the browser's check of a typing mistake. */
export const PasswordChange = {
  currentPassword: ChangePasswordForm.currentPassword,
  newPassword: ChangePasswordForm.newPassword,
} as const satisfies FormSpec

/** The answer to a wrong current password, kept apart from sign-in's deliberately vague one. */
export const CURRENT_PASSWORD_INCORRECT = 'The current password is incorrect.'

/** Forgot password (/forgotPassword): where to send the reset link. */
export const ForgotPasswordForm = {
  email: RegisterForm.email,
} as const satisfies FormSpec

export type ForgotPasswordFields = keyof typeof ForgotPasswordForm

/** Reset password (/resetPassword?token=…): the new password follows the sign-up rule. */
export const ResetPasswordForm = {
  newPassword: { ...password, label: 'New password' },
  confirmNewPassword: { label: 'Confirm new password', rules: 'required|confirm:newPassword' },
} as const satisfies FormSpec

export type ResetPasswordFields = keyof typeof ResetPasswordForm

/** The same answer for every address, with or without an account (no account enumeration). */
export const CHECK_EMAIL_TO_FINISH = 'Check your email: we have sent you a link to finish creating your account.'
export const CHECK_EMAIL_FOR_RESET = 'If this email has an account, we have sent it a link to reset the password. Check your email.'
/** Added when the site has no mail server: the link cannot reach anyone, and staff cannot read it. */
export const NO_MAIL_SERVER_FOR_RESET = 'Email is not set up on this site, so no reset link can be sent to you. Ask at the front desk: staff can give you a link to choose a new password.'

