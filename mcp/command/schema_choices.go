package command

import "encoding/json"

// Choices are the values s lists: its enum (a const is an enum of one), or
// the consts of a union whose every branch is one, as titled enums are
// written (oneOf of {"const", "title"}). nil when it lists none.
func (s *Schema) Choices() []json.RawMessage {
	if s == nil || s.unread {
		return nil
	}
	if len(s.Enum) > 0 {
		return s.Enum
	}
	var out []json.RawMessage
	for b := range s.branches() {
		if b == nil || b.unread || len(b.Enum) == 0 || len(b.Properties) > 0 || len(b.AnyOf)+len(b.OneOf) > 0 {
			return nil
		}
		out = append(out, b.Enum...)
		if len(out) >= schemaMaxMembers {
			break
		}
	}
	return out
}

// ChoiceTitles are the names a titled enum gives its Choices, in the same
// order ("" for a choice without one): the titles of a union's consts, or
// an enum's enumNames. nil when it gives none.
func (s *Schema) ChoiceTitles() []string {
	if s == nil || s.unread {
		return nil
	}
	if len(s.Enum) > 0 {
		return s.EnumNames
	}
	choices := len(s.Choices())
	if choices == 0 {
		return nil
	}
	titles := make([]string, 0, choices)
	named := false
	for b := range s.branches() {
		if len(titles) == choices {
			break
		}
		for range b.Enum {
			if len(titles) < choices {
				titles = append(titles, b.Title)
			}
		}
		named = named || b.Title != ""
	}
	if !named {
		return nil
	}
	return titles
}

// ChoicesLeftOut counts the values s lists past the ones Choices holds:
// an enum, or a union of consts, longer than the schema reader keeps is
// cut, and what offers its values says so rather than seem to offer them
// all.
func (s *Schema) ChoicesLeftOut() int {
	if s == nil || s.unread {
		return 0
	}
	if len(s.Enum) > 0 {
		return s.enumMore
	}
	held := len(s.Choices())
	if held == 0 {
		return 0
	}
	// Choices stops at schemaMaxMembers consts; the branches it read
	// past that, and the ones the reader never kept, are the rest.
	all := s.anyOfMore + s.oneOfMore
	for b := range s.branches() {
		all += len(b.Enum) + b.enumMore
	}
	return all - held
}
