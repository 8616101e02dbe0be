package command

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/internal/jsonwhy"
)

// Schema is the subset of JSON Schema mcpscope understands, parsed from a tool's
// inputSchema. Fields it cannot read are left empty instead of failing the parse:
// a sloppy schema from a server must never stop a person from calling the tool.
type Schema struct {
	// Type lists the allowed JSON types ("type": "x" or "type": ["x", "null"]); empty means any.
	Type        []string
	Description string
	// Title is what a form shows for the schema; in a titled enum's
	// branch (oneOf of {"const", "title"}) it is the name of that choice.
	Title string
	// EnumNames names Enum's members, in the same order: the legacy way
	// to title an enum ("enumNames"), kept when it names every one.
	EnumNames []string
	// Properties keep the order of the JSON text so hints list keys as the server wrote them.
	Properties []Property
	Required   []string
	// Enum holds the allowed values exactly as the schema spelled them; a "const" reads as an enum of one.
	Enum  []json.RawMessage
	Items *Schema
	// ExclusiveMinimum and ExclusiveMaximum also carry the draft-4 boolean form, moved over from Minimum and Maximum.
	Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum *float64
	MinLength, MaxLength                                 *int
	// Format is a string's "format" (email, uri, date, date-time, ...);
	// the ones an elicitation form may use are checked.
	Format                    string
	Default                   json.RawMessage
	AdditionalPropertiesFalse bool
	// AdditionalProperties types the keys not listed in Properties when the schema gives a schema for them.
	AdditionalProperties *Schema
	// AnyOf and OneOf are read as a union of their branches: a debugger only needs to know what may be sent.
	// AllOf branches are merged into the schema itself instead (see schemaMerge).
	AnyOf, OneOf []*Schema
	// Truncated, on the schema ParseSchema returns, says which parts were
	// not read because reading them would cost more than a schema is worth,
	// e.g. "it nests deeper than 64 levels, and deeper levels take any
	// value". Empty when all of it was read.
	Truncated string

	// enumKinds are the JSON types of Enum's members, found while parsing.
	enumKinds []string
	// enumMore counts the enum members past the ones kept in Enum.
	enumMore int
	// anyOfMore and oneOfMore count the branches past the ones kept in
	// AnyOf and OneOf: a union of 5,000 consts lists the first 4,096.
	anyOfMore, oneOfMore int
	// size is the number of schemas below and including this one, counting a
	// shared one each time it is reached: what walking it costs.
	size int
	// unread marks the one schema of a parse that stands for every part not
	// read (see Truncated); it accepts anything, and reads as "…".
	unread bool
}

// Property is one named entry of Schema.Properties.
type Property struct {
	Name     string
	Schema   *Schema
	Required bool
}

// schemaKnownTypes are the JSON Schema type names; others are ignored so an unknown one cannot make every value fail.
var schemaKnownTypes = []string{"null", "boolean", "integer", "number", "string", "array", "object"}

// The limits on reading one schema. A server can send a schema of any size
// and shape; what a person needs from it is the types of the keys they type,
// so the parse stops where the cost would outgrow that. References are
// resolved once and shared; schemaMaxNodes bounds the schema as if every
// reference were expanded, so every walk over a parsed schema (types, hints,
// checks, coercion) is bounded too.
const (
	schemaMaxDepth       = 64      // schemas nested deeper take any value
	schemaMaxNodes       = 10_000  // schemas in the expanded tree
	schemaMaxMembers     = 4096    // members read of one enum, properties, required, anyOf ...
	schemaMaxValues      = 1 << 16 // JSON values indexed (36 bytes each)
	schemaMaxDescription = 500     // runes of a description kept
	schemaMaxFormat      = 32      // runes of a format kept
	schemaMaxTypes       = 16      // entries of one "type" list kept
)

// UnreadableSchema is the one warning for a schema that does not parse,
// what naming it ("the tool's inputSchema"): the values still go, as the
// strings typed, because a debugger must be able to send them anyway.
func UnreadableSchema(what string, err error) string {
	return what + " is unreadable (" + err.Error() + "); values are sent as strings"
}

// ParseSchema parses raw JSON Schema; nil or empty raw gives an empty object schema.
// Local references ("#/$defs/X", "#/definitions/X", "#" and any JSON pointer), which
// generated schemas use for enums and nested models, are resolved; a recursive
// reference reads as "anything". Any input costs bounded time and memory beyond
// one linear read of its text: what lies past the limits is reported in Truncated.
func ParseSchema(raw json.RawMessage) (*Schema, error) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return &Schema{Type: []string{"object"}}, nil
	}
	doc, err := jsonspan.Parse(trimmed, jsonspan.Limits{
		// A schema level is at most two JSON levels ("properties": {"k": ...}).
		Depth:    2*schemaMaxDepth + 4,
		Values:   schemaMaxValues,
		Children: schemaMaxMembers,
	})
	if err != nil {
		return nil, fmt.Errorf("schema is not valid JSON: %s", jsonwhy.Syntax(trimmed, err))
	}
	root := doc.Root()
	if k := root.Kind(); k != jsonspan.Object && k != jsonspan.Bool {
		return nil, fmt.Errorf("schema must be a JSON object, got %s", root.KindName())
	}
	p := &schemaParser{root: root, done: map[string]*Schema{}, active: map[string]bool{}, unread: &Schema{size: 1, unread: true}}
	s := p.parse(root, 0)
	s.Truncated = strings.Join(p.cuts, "; ")
	return s, nil
}

// Property returns the property called name, or nil when the schema has none.
func (s *Schema) Property(name string) *Property {
	if s == nil {
		return nil
	}
	for i := range s.Properties {
		if s.Properties[i].Name == name {
			return &s.Properties[i]
		}
	}
	return nil
}

// MeantKey is the property a key the schema does not name was most likely
// meant to be (Nearest: "nme" for name), "" when it names one or none is
// that close. The warnings of a typed line and the hint under the command
// line both ask after it, so a slip is named where it is first seen.
func (s *Schema) MeantKey(key string) string {
	if s == nil || s.Property(key) != nil {
		return ""
	}
	return Nearest(key, s.propertyNames())
}

// propertyNames are the names of s's properties, in schema order.
func (s *Schema) propertyNames() []string {
	names := make([]string, len(s.Properties))
	for i, p := range s.Properties {
		names[i] = p.Name
	}
	return names
}
