/** The product's name, as both apps show it. */
export const productName = 'Reelsmith';
