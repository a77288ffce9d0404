import type { ContactValues, FieldLimits, FieldMessages, ThrottleLimits } from "../../../../src/shared/form/index.js";

// Spec section 9.
export const LIMITS: FieldLimits = {
  name: { min: 2, max: 100 },
  email: { max: 255 },
  company: { min: 2, max: 200 },
  message: { min: 10, max: 2000 },
};

// Spec section 9: 30 seconds, 3 per hour, reset after 3,600,000 ms.
export const THROTTLE: ThrottleLimits = { minGapMs: 30_000, maxPerWindow: 3, windowMs: 3_600_000 };

// Spec section 5, English wording verbatim.
export const EN: FieldMessages = {
  name: {
    tooShort: "Name must be at least 2 characters",
    tooLong: "Name must be less than 100 characters",
    invalid: "Name contains invalid characters",
  },
  email: {
    invalid: "Please enter a valid email address",
    tooLong: "Email must be less than 255 characters",
    format: "Please enter a valid email format",
  },
  company: {
    tooShort: "Company name must be at least 2 characters",
    tooLong: "Company name must be less than 200 characters",
  },
  message: {
    tooShort: "Message must be at least 10 characters",
    tooLong: "Message must be less than 2000 characters",
  },
};

export const VALID: ContactValues = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  company: "Analytical Engines Ltd",
  message: "We would like to automate our support inbox.",
};

export const U_UMLAUT_DECOMPOSED = "u\u0308";
export const WOMAN_TECHNOLOGIST = "👩‍💻";
