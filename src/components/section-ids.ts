/** Ids of the home page's sections: menus in common.yaml link to them as "#services" and the like. */
export const SECTION_IDS = { services: "services", expertise: "expertise", contact: "contact" } as const;
