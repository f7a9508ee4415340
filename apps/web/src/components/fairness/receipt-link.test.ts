import { describe, expect, it } from 'vitest';
import { extractReceiptJson, fairnessReceiptSchema, receiptVerifyPath, type FairnessReceipt } from '@kujiya/shared';
import { entriesText } from './receipt-link';

const receipt: FairnessReceipt = {
  setId: '6f1c2a8e-4b1d-4c1e-9f0a-2b3c4d5e6f70',
  entries: [
    { domain: 'ticket', nonce: 4, hash: 'a'.repeat(64) },
    { domain: 'lottery', nonce: 0, hash: 'b'.repeat(64) },
  ],
  headHash: 'b'.repeat(64),
};

describe('receiptVerifyPath', () => {
  it('opens the round’s fairness page with the receipt, which the page reads back unchanged', () => {
    const path = receiptVerifyPath(receipt);
    const url = new URL(path, 'https://kujiya.example');
    expect(url.pathname).toBe(`/fairness/${receipt.setId}`);
    const fromLink = url.searchParams.get('receipt')!;
    expect(fairnessReceiptSchema.parse(extractReceiptJson(fromLink))).toEqual(receipt);
  });

  it('counts draws in words', () => {
    expect(entriesText(1)).toBe('1 draw');
    expect(entriesText(3)).toBe('3 draws');
  });
});
