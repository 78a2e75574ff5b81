/** Every text of the two specifications' error catalogues, verbatim. */

/** The request layer's console messages (antispam spec, section 8). */
export const REQUEST_ERRORS = {
  timeout: 'Server response timeout',
  parse: 'Unexpected response from server',
  internal: 'Internal server error.',
  unexpectedCode: (code: number) => `Unexpected response code: ${code}`,
  empty: 'No response',
} as const;

/** Directory alerts (directory spec, sections 5, 6 and 8). */
export const DIRECTORY_TEXTS = {
  emptyItemLink: 'Item link field cannot left empty!',
  noAddressResults: 'Sorry, no results...',
  geolocationUnsupported: 'Geolocation is not supported by this browser.',
  mustLogIn: 'You need to log in to add items to your favorite list.',
  email: {
    name: 'Please provide the name',
    email: 'please provide the email',
    subject: 'please provide the subject',
    message: 'please provide the message content',
    captcha: 'please provide the Captcha code',
  },
} as const;

/** Lightbox texts (directory spec, section 8). */
export const LIGHTBOX_TEXTS = {
  popupNotFound: 'Content not found',
  popupLoadFailed: 'The content could not be loaded.',
  popupLoading: 'Loading...',
  popupClose: 'Close (Esc)',
  photoFailed: 'An error occurred when trying to load photo.',
  ajaxFailed: 'An error occurred when trying to load contents.',
  missingPlugin: (type: string) => `The content your are attempting to view requires the ${type} plugin`,
  jqueryTooOld: 'The jQuery version that was loaded is too old. iLightBox requires jQuery 1.8+.',
} as const;
