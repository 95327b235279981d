import { describe, expect, it } from 'vitest';
import { checkUploadSize, FILE_TOO_LARGE_MESSAGE_EN, MAX_UPLOAD_BYTES } from '../../domain/files/upload';
import { sniffAttachmentType } from '../../domain/files/file-type';
import { sniffImageType } from '../../domain/files/image-type';
import en from '../../locales/en/errors.json';

describe('upload limit', () => {
  it('is 5 MB in binary megabytes', () => {
    expect(MAX_UPLOAD_BYTES).toBe(5 * 1024 * 1024);
  });

  it('accepts a file of exactly 5 MB and refuses one byte more', () => {
    expect(checkUploadSize(MAX_UPLOAD_BYTES).isOk()).toBe(true);
    const over = checkUploadSize(MAX_UPLOAD_BYTES + 1);
    expect(over.isErr() && over.error).toEqual({ code: 'fileTooLarge', limitBytes: MAX_UPLOAD_BYTES, sizeBytes: MAX_UPLOAD_BYTES + 1 });
    expect(checkUploadSize(0).isOk()).toBe(true);
  });

  it('has the spec’s exact English words, as the locale says them', () => {
    expect(FILE_TOO_LARGE_MESSAGE_EN).toBe('Error! File Size is over limit 5MB. Please upload again.');
    expect(en.code.tooLarge).toBe(FILE_TOO_LARGE_MESSAGE_EN);
  });
});

describe('image type by content', () => {
  const bytes = (...b: number[]) => new Uint8Array([...b, 0, 0, 0, 0, 0, 0, 0, 0]);

  it('recognises PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBe('image/gif');
    expect(sniffImageType(bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50))).toBe('image/webp');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x41, 0x56, 0x49, 0x20))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('attachment type by content', () => {
  const text = (s: string) => new TextEncoder().encode(s);
  const zip = (...names: string[]) => {
    const parts = names.map((n) => `PK\u0003\u0004${'\u0000'.repeat(26)}${n}content`);
    return text(parts.join(''));
  };

  it('accepts PDF, images, HEIC photos and Word/Excel documents', () => {
    expect(sniffAttachmentType(text('%PDF-1.7\n…'))).toBe('application/pdf');
    expect(sniffAttachmentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 0]))).toBe('image/jpeg');
    expect(sniffAttachmentType(text('\u0000\u0000\u0000\u0018ftypheic'))).toBe('image/heic');
    expect(sniffAttachmentType(zip('[Content_Types].xml', '_rels/.rels', 'word/document.xml'))).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(sniffAttachmentType(zip('[Content_Types].xml', 'xl/workbook.xml'))).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('refuses any other ZIP, HTML, scripts and executables, whatever their name', () => {
    expect(sniffAttachmentType(zip('evil.exe'))).toBeNull();
    expect(sniffAttachmentType(text('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(sniffAttachmentType(text('#!/bin/sh\nrm -rf /'))).toBeNull();
    expect(sniffAttachmentType(new Uint8Array([0x4d, 0x5a, 0x90, 0]))).toBeNull();
    expect(sniffAttachmentType(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]))).toBeNull();
  });
});
