import { createContext, useContext } from 'react';
import { en, type Messages } from './messages.js';

export const MessagesContext = createContext<Messages>(en);

/** The customer's texts, in the language of the page. */
export function useMessages(): Messages {
  return useContext(MessagesContext);
}
