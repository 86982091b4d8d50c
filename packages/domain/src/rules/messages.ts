/**
 * Every user-facing validation text of the account rules, in one place.
 * Texts quoted in the product spec (section 5) are copied word for word and marked `spec`;
 * the others name what the spec leaves unnamed.
 */
export const accountMessages = {
  // spec section 5, word for word
  emailRequired: 'Email is required', // spec
  emailInvalid: 'Invalid email format', // spec
  passwordTooShort: 'Password must be at least 8 characters', // spec
  fullNameRequired: 'Full Name is required', // spec
  phoneRequired: 'Phone number is required', // spec
  phoneInvalid: 'Phone must contain only numbers (6–15 digits)', // spec (en dash)
  bioRequired: 'A short bio is required', // spec
  portfolioFilesUnsupported: 'Sorry, some files have unsupported types!', // spec

  // password rules (all five are enforced; the first is the spec's own text)
  passwordRequired: 'Password is required',
  passwordNeedsLowercase: 'Password must contain a lowercase letter',
  passwordNeedsUppercase: 'Password must contain an uppercase letter',
  passwordNeedsNumber: 'Password must contain a number',
  passwordNeedsSpecial: 'Password must contain a special character',
  passwordTooLong: 'Password must be at most 128 characters',

  // account
  emailTooLong: 'Email must be at most 254 characters',
  fullNameTooLong: 'Full Name must be at most 100 characters',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: 'Name must be at most 50 characters',
  roleRequired: 'Choose how you will use Facet',
  portalRequired: 'Choose a login page',

  // address
  countryRequired: 'Country is required',
  countryInvalid: 'Choose a country from the list',
  stateRequired: 'State is required',
  stateInvalid: 'Choose a state from the list',
  cityRequired: 'City is required',
  streetRequired: 'Street is required',
  zipcodeRequired: 'Zipcode is required',
  zipcodeInvalid: 'Zipcode may contain only letters, numbers, spaces and dashes (up to 12)',
  addressFieldTooLong: 'Must be at most 120 characters',

  // step 3 purpose (customers)
  customerTypeRequired: 'Choose business or personal',
  purposeInvalid: 'Choose purposes from the list',

  // steps 3 and 4 skills and details (designers, service providers)
  skillsRequired: 'Choose at least one designer skill',
  cadSkillsRequired: 'Choose at least one CAD skill',
  softwareSkillsRequired: 'Choose at least one software skill',
  softwareOwnRequired: 'Choose the software you own',
  serviceTypesRequired: 'Choose at least one service type',
  capabilitiesRequired: 'Choose at least one capability',
  tellWhyRequired: 'Tell us why you want to join Facet',
  tellWhyTooLong: 'Must be at most 1000 characters',
  otherExperienceTooLong: 'Must be at most 1000 characters',
  optionInvalid: 'Choose options from the list',

  // step 5 online presence
  bioTooShort: 'Bio must be at least 100 characters',
  bioTooLong: 'Bio must be at most 250 characters',
  webAddressInvalid: 'Enter a web address such as mystudio.com',
  socialInvalid: 'Enter a handle such as @mystudio or a link',
  shopifyOnlyForBusiness: 'A Shopify store can be linked by business customers only',
  portfolioRequired: 'Add a portfolio link or upload portfolio images',
  portfolioTooManyFiles: 'You can upload at most 20 portfolio files',
  portfolioFileTooLarge: 'Each portfolio file must be at most 20 MB',

  // final confirmation
  acceptTermsRequired: 'You must agree to the Terms Of Use',
  eligibilityAgeRequired:
    'Please confirm you are at least 18 and able to work as an independent professional',
  eligibilityOwnWorkRequired: 'Please confirm the work you show is your own',
  eligibilityOnPlatformRequired: 'Please confirm you will keep project work and payments on Facet',

  // account settings
  currentPasswordRequired: 'Current password is required',
  newPasswordSameAsCurrent: 'New password must be different from the current one',
  passwordsDoNotMatch: 'Passwords do not match',
  avatarUnsupported: 'Sorry, the avatar must be a jpg, jpeg, png or webp image!',
  avatarTooLarge: 'Sorry, the avatar is too large. Maximum size is 5 MB.',
} as const;

export type AccountMessageKey = keyof typeof accountMessages;
