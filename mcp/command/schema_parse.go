package command

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

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

// schemaFloat is a schema's number, nil for what is not one. A number past
// float64's range ("minimum": 1e400) is the infinity it rounds to, which
// the summary says is past the range (schemaNum): it was left out, and the
// tool's argument read as unbounded without a word.
func schemaFloat(raw json.RawMessage) *float64 {
	var f float64
	if json.Unmarshal(raw, &f) == nil {
		return &f
	}
	// raw is JSON already read: what ParseFloat takes of it is a number.
	if big, err := strconv.ParseFloat(string(raw), 64); errors.Is(err, strconv.ErrRange) && math.IsInf(big, 0) {
		return &big
	}
	return nil
}

func schemaInt(raw json.RawMessage) *int {
	f := schemaFloat(raw)
	if f == nil || *f < 0 || *f > 1<<31 || *f != float64(int(*f)) {
		return nil
	}
	n := int(*f)
	return &n
}
