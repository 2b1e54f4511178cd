/** The product's name; a brand, so it is the same in every language (index.html carries it too). */
export const APP_NAME = 'Gold Shop';
