package mcp

import (
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// InitializeShape says in one line what in an initialize result is not of
// the shape the protocol gives it, or "" when nothing is: a result that is
// no object (null, an array) names no protocol version, capabilities or
// serverInfo; a capabilities, or a capability in it ("tools": 5), that is
// no object does not say what the server offers. Text that is not JSON is
// said elsewhere, and gets "". Sanitize the line before it is shown.
func InitializeShape(result []byte) string {
	// Every member is indexed: capabilities after the result's first
	// 1,024 members, or a capability after the first 1,024, are the
	// server's all the same. Depth 1 keeps that to the result's members;
	// the capabilities' own are read by a second index of their bytes.
	doc, err := jsonspan.Parse(result, jsonspan.Limits{Depth: 1})
	if err != nil {
		return ""
	}
	root := doc.Root()
	if root.Kind() != jsonspan.Object {
		return "the initialize result is " + kindOf(root) + ", not an object: it names no protocol version, capabilities or serverInfo"
	}
	caps := root.Get("capabilities")
	switch caps.Kind() {
	case 0, jsonspan.Object:
	default:
		return "the initialize result's capabilities is " + kindOf(caps) + ", not an object: it does not say what the server offers"
	}
	capsDoc, ok := objectOf(caps.Raw(), 1)
	if !ok {
		return "" // none named
	}
	var odd []string
	for name, c := range capsDoc.Members() {
		if c.Kind() != jsonspan.Object {
			odd = append(odd, clip.Quote(name, 64)+" is "+kindOf(c))
		}
	}
	if len(odd) == 0 {
		return ""
	}
	return "in the initialize result's capabilities, " + clip.List(odd, MaxListed) + ", not an object: a capability is an object of its options"
}

// kindOf is a value's JSON type with an excerpt of it: "null", "an
// integer (5)".
func kindOf(v jsonspan.Value) string {
	if v.Kind() == jsonspan.Null {
		return "null"
	}
	return v.KindName() + " (" + Excerpt(v.Raw()) + ")"
}
