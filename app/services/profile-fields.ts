/** Where the values of each profile field are translated (`fields.*` of the common namespace). */
export const fieldValueKey: Record<string, string> = {
  gender: "fields.genders",
  sexuality: "fields.sexualities",
  hair_colour: "fields.hair",
  eye_colour: "fields.eyes",
  body_type: "fields.body",
  relationship_status: "fields.relationship",
  tattoos: "fields.tattoos",
};
