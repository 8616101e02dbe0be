package command

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Schema is the subset of JSON Schema mcpscope understands, parsed from a tool's
// inputSchema. Fields it cannot read are left empty instead of failing the parse:
// a sloppy schema from a server must never stop a person from calling the tool.
type Schema struct {
	// Type lists the allowed JSON types ("type": "x" or "type": ["x", "null"]); empty means any.
	Type        []string
	Description string
	// Properties keep the order of the JSON text so hints list keys as the server wrote them.
	Properties []Property
	Required   []string
	// Enum holds the allowed values exactly as the schema spelled them; a "const" reads as an enum of one.
	Enum  []json.RawMessage
	Items *Schema
	// ExclusiveMinimum and ExclusiveMaximum also carry the draft-4 boolean form, moved over from Minimum and Maximum.
	Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum *float64
	MinLength, MaxLength                                 *int
	Default                                              json.RawMessage
	AdditionalPropertiesFalse                            bool
	// AdditionalProperties types the keys not listed in Properties when the schema gives a schema for them.
	AdditionalProperties *Schema
	// AnyOf and OneOf are read as a union of their branches: a debugger only needs to know what may be sent.
	AnyOf, OneOf []*Schema
}

// Property is one named entry of Schema.Properties.
type Property struct {
	Name     string
	Schema   *Schema
	Required bool
}

// schemaKnownTypes are the JSON Schema type names; others are ignored so an unknown one cannot make every value fail.
var schemaKnownTypes = []string{"null", "boolean", "integer", "number", "string", "array", "object"}

// ParseSchema parses raw JSON Schema; nil or empty raw gives an empty object schema.
// Local references ("#/$defs/X", "#/definitions/X"), which generated schemas use for
// enums and nested models, are resolved; a recursive reference reads as "anything".
func ParseSchema(raw json.RawMessage) (*Schema, error) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return &Schema{Type: []string{"object"}}, nil
	}
	var probe any
	if err := json.Unmarshal(trimmed, &probe); err != nil {
		return nil, fmt.Errorf("schema is not valid JSON: %v", err)
	}
	if _, ok := probe.(bool); !ok && trimmed[0] != '{' {
		return nil, fmt.Errorf("schema must be a JSON object, got %s", schemaArticle(schemaKindOf(schemaNumbers(trimmed))))
	}
	p := &schemaParser{defs: map[string]json.RawMessage{}, done: map[string]*Schema{}, active: map[string]bool{}}
	fields, _ := schemaFields(trimmed)
	for _, f := range fields {
		if f.key != "$defs" && f.key != "definitions" {
			continue
		}
		defs, _ := schemaFields(f.raw)
		for _, d := range defs {
			p.defs["#/"+f.key+"/"+d.key] = d.raw
		}
	}
	return p.parse(trimmed), nil
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

// TypeString is the human form of the schema for hints, e.g. "integer (1..10)",
// "enum: a|b|c", "array of string", "string|null".
func (s *Schema) TypeString() string {
	if s == nil {
		return "any"
	}
	if len(s.Enum) > 0 {
		vals := make([]string, len(s.Enum))
		for i, e := range s.Enum {
			vals[i] = schemaShowEnum(e)
		}
		return "enum: " + strings.Join(vals, "|")
	}
	var parts []string
	for _, t := range s.Type {
		if t == "array" && s.Items != nil {
			t = "array of " + s.Items.TypeString()
		}
		parts = append(parts, t)
	}
	base := strings.Join(parts, "|")
	if base == "" {
		var branches []string
		for _, b := range slices.Concat(s.AnyOf, s.OneOf) {
			branches = append(branches, b.TypeString())
		}
		base = strings.Join(branches, " | ")
	}
	if base == "" && len(s.Properties) > 0 {
		base = "object"
	}
	if base == "" {
		base = "any"
	}
	if r := schemaRange(s); r != "" {
		base += " (" + r + ")"
	}
	if l := schemaLengths(s); l != "" {
		base += " (length " + l + ")"
	}
	return base
}

// schemaRange describes numeric bounds; the common closed range reads as "1..10".
func schemaRange(s *Schema) string {
	if s.Minimum != nil && s.Maximum != nil && s.ExclusiveMinimum == nil && s.ExclusiveMaximum == nil {
		return schemaNum(*s.Minimum) + ".." + schemaNum(*s.Maximum)
	}
	var parts []string
	for _, b := range []struct {
		op string
		v  *float64
	}{{">=", s.Minimum}, {">", s.ExclusiveMinimum}, {"<=", s.Maximum}, {"<", s.ExclusiveMaximum}} {
		if b.v != nil {
			parts = append(parts, b.op+" "+schemaNum(*b.v))
		}
	}
	return strings.Join(parts, ", ")
}

func schemaLengths(s *Schema) string {
	switch {
	case s.MinLength != nil && s.MaxLength != nil:
		return strconv.Itoa(*s.MinLength) + ".." + strconv.Itoa(*s.MaxLength)
	case s.MinLength != nil:
		return ">= " + strconv.Itoa(*s.MinLength)
	case s.MaxLength != nil:
		return "<= " + strconv.Itoa(*s.MaxLength)
	}
	return ""
}

func schemaNum(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// schemaShowEnum prints plain string members bare (a|b|c) and everything else as JSON.
func schemaShowEnum(e json.RawMessage) string {
	var str string
	if json.Unmarshal(e, &str) == nil && str != "" && !strings.ContainsAny(str, "| \t\n\"") {
		return str
	}
	var b bytes.Buffer
	if json.Compact(&b, e) != nil {
		return string(e)
	}
	return b.String()
}

// schemaParser carries the root's definitions while a schema is read.
type schemaParser struct {
	defs   map[string]json.RawMessage
	done   map[string]*Schema // parsed once and shared, so repeated references cost nothing
	active map[string]bool    // references being expanded right now, to stop recursive types
}

type schemaField struct {
	key string
	raw json.RawMessage
}

// schemaFields reads a JSON object's members in the order of the text, which a map would lose.
func schemaFields(raw []byte) ([]schemaField, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if d, ok := tok.(json.Delim); err != nil || !ok || d != '{' {
		return nil, false
	}
	var out []schemaField
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return out, false
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return out, false
		}
		out = append(out, schemaField{key, v})
	}
	return out, true
}

// parse reads one schema; anything that is not an object (true, false, a typo) reads as "anything".
func (p *schemaParser) parse(raw json.RawMessage) *Schema {
	s := &Schema{}
	fields, ok := schemaFields(raw)
	if !ok {
		return s
	}
	for _, f := range fields {
		var ref string
		if f.key == "$ref" && json.Unmarshal(f.raw, &ref) == nil {
			if r := p.resolve(ref); r != nil {
				*s = *r
			}
		}
	}
	var exclMin, exclMax bool
	var constant json.RawMessage
	for _, f := range fields {
		switch f.key {
		case "type":
			s.Type = schemaTypes(f.raw)
		case "description":
			_ = json.Unmarshal(f.raw, &s.Description)
		case "properties":
			s.Properties = p.properties(f.raw)
		case "required":
			var req []string
			if json.Unmarshal(f.raw, &req) == nil {
				s.Required = req
			}
		case "enum":
			var enum []json.RawMessage
			if json.Unmarshal(f.raw, &enum) == nil {
				s.Enum = enum
			}
		case "const":
			constant = f.raw
		case "items":
			if f.raw[0] == '{' {
				s.Items = p.parse(f.raw)
			}
		case "minimum":
			s.Minimum = schemaFloat(f.raw)
		case "maximum":
			s.Maximum = schemaFloat(f.raw)
		case "exclusiveMinimum":
			exclMin = string(f.raw) == "true"
			s.ExclusiveMinimum = schemaFloat(f.raw)
		case "exclusiveMaximum":
			exclMax = string(f.raw) == "true"
			s.ExclusiveMaximum = schemaFloat(f.raw)
		case "minLength":
			s.MinLength = schemaInt(f.raw)
		case "maxLength":
			s.MaxLength = schemaInt(f.raw)
		case "default":
			s.Default = f.raw
		case "additionalProperties":
			s.AdditionalPropertiesFalse = string(f.raw) == "false"
			if f.raw[0] == '{' {
				s.AdditionalProperties = p.parse(f.raw)
			}
		case "anyOf":
			s.AnyOf = p.list(f.raw)
		case "oneOf":
			s.OneOf = p.list(f.raw)
		}
	}
	if exclMin && s.Minimum != nil {
		s.ExclusiveMinimum, s.Minimum = s.Minimum, nil
	}
	if exclMax && s.Maximum != nil {
		s.ExclusiveMaximum, s.Maximum = s.Maximum, nil
	}
	if constant != nil && len(s.Enum) == 0 {
		s.Enum = []json.RawMessage{constant}
	}
	// Clone before marking: the slice may belong to a shared referenced schema.
	s.Properties = slices.Clone(s.Properties)
	for i := range s.Properties {
		s.Properties[i].Required = slices.Contains(s.Required, s.Properties[i].Name)
	}
	return s
}

func (p *schemaParser) resolve(ref string) *Schema {
	if s, ok := p.done[ref]; ok {
		return s
	}
	raw, ok := p.defs[schemaUnescapeRef(ref)]
	if !ok || p.active[ref] {
		return nil
	}
	p.active[ref] = true
	s := p.parse(raw)
	delete(p.active, ref)
	p.done[ref] = s
	return s
}

// schemaUnescapeRef undoes JSON Pointer escaping in the definition's name.
func schemaUnescapeRef(ref string) string {
	return strings.ReplaceAll(strings.ReplaceAll(ref, "~1", "/"), "~0", "~")
}

func (p *schemaParser) properties(raw json.RawMessage) []Property {
	fields, _ := schemaFields(raw)
	var props []Property
	for _, f := range fields {
		prop := Property{Name: f.key, Schema: p.parse(f.raw)}
		if i := slices.IndexFunc(props, func(q Property) bool { return q.Name == f.key }); i >= 0 {
			props[i] = prop
			continue
		}
		props = append(props, prop)
	}
	return props
}

func (p *schemaParser) list(raw json.RawMessage) []*Schema {
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil {
		return nil
	}
	out := make([]*Schema, len(items))
	for i, item := range items {
		out[i] = p.parse(item)
	}
	return out
}

func schemaTypes(raw json.RawMessage) []string {
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return []string{one}
	}
	var many []string
	if json.Unmarshal(raw, &many) == nil {
		return many
	}
	return nil
}

func schemaFloat(raw json.RawMessage) *float64 {
	var f float64
	if json.Unmarshal(raw, &f) != nil {
		return nil
	}
	return &f
}

func schemaInt(raw json.RawMessage) *int {
	f := schemaFloat(raw)
	if f == nil || *f < 0 || *f > 1<<31 || *f != float64(int(*f)) {
		return nil
	}
	n := int(*f)
	return &n
}
