package command

import (
	"bytes"
	"encoding/json"
	"fmt"
	"iter"
	"slices"
	"strings"
	"unicode/utf8"

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
	names := make([]string, len(s.Properties))
	for i, p := range s.Properties {
		names[i] = p.Name
	}
	return Nearest(key, names)
}

// schemaParser carries the document and the budget while a schema is read.
type schemaParser struct {
	root   jsonspan.Value
	done   map[string]*Schema // parsed once and shared, so repeated references cost nothing
	active map[string]bool    // references being expanded right now, to stop recursive types
	nodes  int                // schemas in the expanded tree so far
	cuts   []string           // why parts were not read, each reason once
	unread *Schema            // what stands for each part not read
}

// cut records why part of the schema was not read; a few reasons say
// enough, and a schema can have thousands of places cut for the same one.
func (p *schemaParser) cut(format string, args ...any) {
	const most = 3
	if len(p.cuts) > most {
		return
	}
	msg := fmt.Sprintf(format, args...)
	switch {
	case slices.Contains(p.cuts, msg):
	case len(p.cuts) == most:
		p.cuts = append(p.cuts, "and more")
	default:
		p.cuts = append(p.cuts, msg)
	}
}

// schemaTooBig is the reason given when the node budget runs out.
var schemaTooBig = fmt.Sprintf("it has more than %d parts once its references are expanded, and the rest take any value", schemaMaxNodes)

// spent reports whether the node budget is gone, recording it the first time.
func (p *schemaParser) spent() bool {
	if p.nodes < schemaMaxNodes {
		return false
	}
	p.cut("%s", schemaTooBig)
	return true
}

// parse reads one schema; anything that is not an object (true, false, a typo) reads as "anything".
func (p *schemaParser) parse(v jsonspan.Value, depth int) *Schema {
	if p.spent() {
		return p.unread
	}
	p.nodes++
	if v.Kind() != jsonspan.Object {
		return &Schema{size: 1}
	}
	if depth >= schemaMaxDepth {
		p.cut("it nests deeper than %d levels, and deeper levels take any value", schemaMaxDepth)
		return p.unread
	}
	s := &Schema{}
	if ref, ok := v.Get("$ref").Text(); ok {
		r := p.resolve(ref, depth)
		switch {
		case r != nil && v.Len() == 1:
			// A bare reference is the schema it names, shared: a walk can
			// tell two uses of one type from two types.
			return r
		case r != nil && r != p.unread:
			*s = *r
		}
	}
	var exclMin, exclMax bool
	var constant jsonspan.Value
	var allOf []*Schema
	for key, f := range v.Members() {
		raw := f.Raw()
		switch key {
		case "type":
			s.Type = schemaTypes(f)
		case "description":
			if d, ok := f.Text(); ok {
				s.Description = schemaCap(d, schemaMaxDescription)
			}
		case "title":
			if d, ok := f.Text(); ok {
				s.Title = schemaCap(d, schemaMaxDescription)
			}
		case "enumNames":
			if f.Kind() == jsonspan.Array {
				s.EnumNames = p.names(f, "enumNames")
			}
		case "properties":
			s.Properties = p.properties(f, depth)
		case "required":
			if f.Kind() == jsonspan.Array {
				s.Required = p.names(f, "required")
			}
		case "enum":
			if f.Kind() == jsonspan.Array {
				p.enum(s, f)
			}
		case "const":
			constant = f
		case "items":
			if f.Kind() == jsonspan.Object {
				s.Items = p.parse(f, depth+1)
			}
		case "minimum":
			s.Minimum = schemaFloat(raw)
		case "maximum":
			s.Maximum = schemaFloat(raw)
		case "exclusiveMinimum":
			exclMin = string(raw) == "true"
			s.ExclusiveMinimum = schemaFloat(raw)
		case "exclusiveMaximum":
			exclMax = string(raw) == "true"
			s.ExclusiveMaximum = schemaFloat(raw)
		case "format":
			if d, ok := f.Text(); ok {
				s.Format = schemaCap(d, schemaMaxFormat)
			}
		case "minLength":
			s.MinLength = schemaInt(raw)
		case "maxLength":
			s.MaxLength = schemaInt(raw)
		case "default":
			s.Default = raw
		case "additionalProperties":
			s.AdditionalPropertiesFalse = string(raw) == "false"
			if f.Kind() == jsonspan.Object {
				s.AdditionalProperties = p.parse(f, depth+1)
			}
		case "anyOf":
			s.AnyOf = p.list(f, depth, "anyOf")
			s.anyOfMore = listMore(f, s.AnyOf)
		case "oneOf":
			s.OneOf = p.list(f, depth, "oneOf")
			s.oneOfMore = listMore(f, s.OneOf)
		case "allOf":
			allOf = p.list(f, depth, "allOf")
		}
	}
	if exclMin && s.Minimum != nil {
		s.ExclusiveMinimum, s.Minimum = s.Minimum, nil
	}
	if exclMax && s.Maximum != nil {
		s.ExclusiveMaximum, s.Maximum = s.Maximum, nil
	}
	if constant.Exists() && len(s.Enum) == 0 {
		s.Enum, s.enumKinds, s.enumMore = []json.RawMessage{constant.Raw()}, []string{schemaSpanKind(constant)}, 0
	}
	if len(s.EnumNames) != len(s.Enum) {
		s.EnumNames = nil // names that do not pair with the members name none
	}
	schemaMerge(s, allOf)
	// Clone before marking: the slice may belong to a shared referenced schema.
	s.Properties = slices.Clone(s.Properties)
	required := make(map[string]bool, len(s.Required))
	for _, r := range s.Required {
		required[r] = true
	}
	for i := range s.Properties {
		s.Properties[i].Required = required[s.Properties[i].Name]
	}
	s.size = schemaSize(s)
	return s
}

func (p *schemaParser) properties(v jsonspan.Value, depth int) []Property {
	var props []Property
	index := map[string]int{}
	read := 0
	for name, f := range v.Members() {
		if p.spent() {
			break
		}
		read++
		prop := Property{Name: name, Schema: p.parse(f, depth+1)}
		if i, dup := index[name]; dup {
			props[i] = prop // a duplicate key: the later one wins, as in encoding/json
			continue
		}
		index[name] = len(props)
		props = append(props, prop)
	}
	if v.Cut() {
		p.cut("it lists %d properties, and only the first %d are read", v.Len(), read)
	}
	return props
}

func (p *schemaParser) list(v jsonspan.Value, depth int, keyword string) []*Schema {
	if v.Kind() != jsonspan.Array {
		return nil
	}
	out := make([]*Schema, 0, min(v.Len(), schemaMaxMembers))
	for item := range v.Elements() {
		if p.spent() {
			break
		}
		out = append(out, p.parse(item, depth+1))
	}
	if v.Cut() {
		p.cut("%s lists %d schemas, and only the first %d are read", keyword, v.Len(), len(out))
	}
	return out
}

// listMore is how many schemas of the list v were not read into read.
func listMore(v jsonspan.Value, read []*Schema) int {
	if v.Kind() != jsonspan.Array {
		return 0
	}
	return max(v.Len()-len(read), 0)
}

// names reads the strings of a list such as required, skipping anything else.
func (p *schemaParser) names(v jsonspan.Value, keyword string) []string {
	out := []string{}
	read := 0
	for item := range v.Elements() {
		read++
		if s, ok := item.Text(); ok {
			out = append(out, s)
		}
	}
	if v.Cut() {
		p.cut("%s lists %d entries, and only the first %d are read", keyword, v.Len(), read)
	}
	return out
}

// enum keeps the members exactly as spelled, and their JSON types.
func (p *schemaParser) enum(s *Schema, v jsonspan.Value) {
	s.Enum = make([]json.RawMessage, 0, min(v.Len(), schemaMaxMembers))
	s.enumKinds = nil
	for item := range v.Elements() {
		s.Enum = append(s.Enum, item.Raw())
		kind := schemaSpanKind(item)
		if !slices.Contains(s.enumKinds, kind) {
			s.enumKinds = append(s.enumKinds, kind)
		}
	}
	s.enumMore = v.Len() - len(s.Enum)
	if s.enumMore > 0 {
		p.cut("an enum lists %d values, and only the first %d are offered and checked", v.Len(), len(s.Enum))
	}
}

// schemaSpanKind names v's JSON type as schemaKindOf does, decoding only numbers.
func schemaSpanKind(v jsonspan.Value) string {
	switch v.Kind() {
	case jsonspan.Null:
		return "null"
	case jsonspan.Bool:
		return "boolean"
	case jsonspan.Number:
		return schemaKindOf(schemaNumbers(v.Raw()))
	case jsonspan.String:
		return "string"
	case jsonspan.Array:
		return "array"
	}
	return "object"
}

// branches ranges over the anyOf and then the oneOf branches, which are
// read alike; walks over a schema use it without building a list.
func (s *Schema) branches() iter.Seq[*Schema] {
	return func(yield func(*Schema) bool) {
		for _, list := range [2][]*Schema{s.AnyOf, s.OneOf} {
			for _, b := range list {
				if !yield(b) {
					return
				}
			}
		}
	}
}

// schemaSize is what walking s costs: s and everything below it, a shared
// schema counted each time it is reached.
func schemaSize(s *Schema) int {
	n := 1
	for _, c := range []*Schema{s.Items, s.AdditionalProperties} {
		if c != nil {
			n += c.size
		}
	}
	for _, prop := range s.Properties {
		if prop.Schema != nil {
			n += prop.Schema.size
		}
	}
	for b := range s.branches() {
		if b != nil {
			n += b.size
		}
	}
	return n
}

// schemaTypes reads "type": a string, or a list of which only strings count.
func schemaTypes(v jsonspan.Value) []string {
	if t, ok := v.Text(); ok {
		return []string{schemaCap(t, 40)}
	}
	var out []string
	for item := range v.Elements() {
		if t, ok := item.Text(); ok && len(out) < schemaMaxTypes {
			out = append(out, schemaCap(t, 40))
		}
	}
	return out
}

// schemaCap cuts text to n runes, marking the cut; it looks at no more of
// the text than it keeps.
func schemaCap(text string, n int) string {
	if len(text) <= n {
		return text
	}
	runes := 0
	for i := range text {
		if runes == n-1 {
			if _, size := utf8.DecodeRuneInString(text[i:]); i+size == len(text) {
				return text // exactly n runes
			}
			return text[:i] + "…"
		}
		runes++
	}
	return text
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
