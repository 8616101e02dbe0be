package mcptest

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Hostile tool schemas: each is built so that a reader which expands it
// naively pays without bound (time, memory or stack). Every one is an object
// schema whose first property is "count" (an integer), so a test can check
// that the readable part still types its arguments, and whose hostile part
// sits under a second property or at the root.

// hostileHead opens an object schema with the readable "count" property and
// a property named name, whose schema follows.
func hostileHead(b *strings.Builder, name string) {
	b.WriteString(`{"type":"object","properties":{"count":{"type":"integer","minimum":0},`)
	b.WriteString(strconv.Quote(name))
	b.WriteByte(':')
}

// SchemaRefCycle is a schema whose property refers back to its own
// definition: "#/$defs/Node" holds count and a "next" that is a Node again,
// directly, through items, and through anyOf.
func SchemaRefCycle() json.RawMessage {
	return json.RawMessage(`{"$ref":"#/$defs/Node","$defs":{"Node":{"type":"object","properties":{` +
		`"count":{"type":"integer","minimum":0},` +
		`"next":{"$ref":"#/$defs/Node"},` +
		`"kids":{"type":"array","items":{"$ref":"#/$defs/Node"}},` +
		`"either":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"null"}]},` +
		`"self":{"$ref":"#"}}}}}`)
}

// SchemaRefMutual is two definitions that refer to each other through
// properties, items, oneOf and allOf.
func SchemaRefMutual() json.RawMessage {
	return json.RawMessage(`{"type":"object","properties":{"count":{"type":"integer","minimum":0},"a":{"$ref":"#/$defs/A"}},` +
		`"$defs":{` +
		`"A":{"type":"object","properties":{"b":{"$ref":"#/$defs/B"},"bs":{"type":"array","items":{"$ref":"#/$defs/B"}}}},` +
		`"B":{"oneOf":[{"$ref":"#/$defs/A"},{"allOf":[{"$ref":"#/$defs/A"},{"$ref":"#/$defs/B"}]}]}}}`)
}

// SchemaRefExplosion is levels definitions, each combining two references to
// the next with keyword (anyOf, oneOf or allOf): parsed once it is small,
// but expanded it has 2^levels paths.
func SchemaRefExplosion(levels int, keyword string) json.RawMessage {
	var b strings.Builder
	hostileHead(&b, "tree")
	b.WriteString(`{"$ref":"#/$defs/L0"}},"$defs":{`)
	for i := range levels {
		if i > 0 {
			b.WriteByte(',')
		}
		next := `{"$ref":"#/$defs/L` + strconv.Itoa(i+1) + `"}`
		b.WriteString(`"L` + strconv.Itoa(i) + `":{"` + keyword + `":[` + next + `,` + next + `]}`)
	}
	b.WriteString(`,"L` + strconv.Itoa(levels) + `":{"type":"integer"}}}`)
	return json.RawMessage(b.String())
}

// SchemaDeep nests levels schemas under the property "deep", each inside the
// one before through via: "properties" ({"properties":{"a":...}}), "items"
// ({"items":...}) or "anyOf" ({"anyOf":[...]}).
func SchemaDeep(levels int, via string) json.RawMessage {
	var open, shut string
	switch via {
	case "items":
		open, shut = `{"type":"array","items":`, `}`
	case "anyOf":
		open, shut = `{"anyOf":[`, `]}`
	default:
		open, shut = `{"type":"object","properties":{"a":`, `}}`
	}
	var b strings.Builder
	b.Grow(levels*(len(open)+len(shut)) + 128)
	hostileHead(&b, "deep")
	for range levels {
		b.WriteString(open)
	}
	b.WriteString(`{"type":"string"}`)
	for range levels {
		b.WriteString(shut)
	}
	b.WriteString(`}}`)
	return json.RawMessage(b.String())
}

// SchemaHugeEnum gives the property "pick" an enum of n strings, "v0" to
// "v{n-1}".
func SchemaHugeEnum(n int) json.RawMessage {
	var b strings.Builder
	b.Grow(n*10 + 128)
	hostileHead(&b, "pick")
	b.WriteString(`{"type":"string","enum":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"v` + strconv.Itoa(i) + `"`)
	}
	b.WriteString(`]}}}`)
	return json.RawMessage(b.String())
}

// SchemaManyProperties is an object schema with count and then n more
// integer properties, "p0" to "p{n-1}", all of them required.
func SchemaManyProperties(n int) json.RawMessage {
	var b strings.Builder
	b.Grow(n*40 + 128)
	b.WriteString(`{"type":"object","properties":{"count":{"type":"integer","minimum":0}`)
	for i := range n {
		b.WriteString(`,"p` + strconv.Itoa(i) + `":{"type":"integer"}`)
	}
	b.WriteString(`},"required":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"p` + strconv.Itoa(i) + `"`)
	}
	b.WriteString(`]}`)
	return json.RawMessage(b.String())
}

// SchemaWideUnion gives the property "either" an anyOf of n branches, each
// an integer with its own minimum.
func SchemaWideUnion(n int) json.RawMessage {
	var b strings.Builder
	b.Grow(n*40 + 128)
	hostileHead(&b, "either")
	b.WriteString(`{"anyOf":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"type":"integer","minimum":` + strconv.Itoa(i) + `}`)
	}
	b.WriteString(`]}}}`)
	return json.RawMessage(b.String())
}

// SchemaWideAllOf is an allOf of count and then n more schemas, each adding
// one required integer property, "k0" to "k{n-1}": read whole, the keys of
// every branch are merged into one object.
func SchemaWideAllOf(n int) json.RawMessage {
	var b strings.Builder
	b.Grow(n*60 + 128)
	b.WriteString(`{"allOf":[{"type":"object","properties":{"count":{"type":"integer","minimum":0}}}`)
	for i := range n {
		k := strconv.Quote("k" + strconv.Itoa(i))
		b.WriteString(`,{"properties":{` + k + `:{"type":"integer"}},"required":[` + k + `]}`)
	}
	b.WriteString(`]}`)
	return json.RawMessage(b.String())
}
