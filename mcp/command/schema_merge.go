package command

import (
	"cmp"
	"slices"
)

// schemaMerge folds allOf branches into s. Every branch of an allOf applies
// at once, so for a person typing arguments the schema is the union of
// their keys and requirements; where several say one thing (a type, a
// bound), s's own word wins, then the earliest branch's, since that is what
// the author wrote first. Generated schemas use allOf mostly to wrap one
// reference ({"allOf": [{"$ref": ...}], "description": ...}). The cost is
// linear in the keys merged, however many branches there are.
func schemaMerge(s *Schema, branches []*Schema) {
	if len(branches) == 0 {
		return
	}
	haveProp := make(map[string]bool, len(s.Properties))
	for _, p := range s.Properties {
		haveProp[p.Name] = true
	}
	haveReq := make(map[string]bool, len(s.Required))
	for _, r := range s.Required {
		haveReq[r] = true
	}
	// Clip: the slices may belong to a shared referenced schema.
	props, req := slices.Clip(s.Properties), slices.Clip(s.Required)
	for _, b := range branches {
		for _, p := range b.Properties {
			if !haveProp[p.Name] {
				haveProp[p.Name] = true
				props = append(props, p)
			}
		}
		for _, r := range b.Required {
			if !haveReq[r] {
				haveReq[r] = true
				req = append(req, r)
			}
		}
		if len(s.Type) == 0 {
			s.Type = b.Type
		}
		if s.Description == "" {
			s.Description = b.Description
		}
		if len(s.Enum) == 0 {
			s.Enum, s.enumKinds, s.enumMore = b.Enum, b.enumKinds, b.enumMore
		}
		s.Items = cmp.Or(s.Items, b.Items)
		s.AdditionalProperties = cmp.Or(s.AdditionalProperties, b.AdditionalProperties)
		s.AdditionalPropertiesFalse = s.AdditionalPropertiesFalse || b.AdditionalPropertiesFalse
		s.Minimum = cmp.Or(s.Minimum, b.Minimum)
		s.Maximum = cmp.Or(s.Maximum, b.Maximum)
		s.ExclusiveMinimum = cmp.Or(s.ExclusiveMinimum, b.ExclusiveMinimum)
		s.ExclusiveMaximum = cmp.Or(s.ExclusiveMaximum, b.ExclusiveMaximum)
		s.MinLength = cmp.Or(s.MinLength, b.MinLength)
		s.MaxLength = cmp.Or(s.MaxLength, b.MaxLength)
		s.Format = cmp.Or(s.Format, b.Format)
		if s.Default == nil {
			s.Default = b.Default
		}
		if s.AnyOf == nil {
			s.AnyOf, s.anyOfMore = b.AnyOf, b.anyOfMore
		}
		if s.OneOf == nil {
			s.OneOf, s.oneOfMore = b.OneOf, b.oneOfMore
		}
	}
	s.Properties, s.Required = props, req
}
