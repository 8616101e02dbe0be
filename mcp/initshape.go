package mcp

import (
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// InitializeShape says in one line what in an initialize result is not of
// the shape the protocol gives it, or "" when nothing is: a result that is
// no object (null, an array) names no protocol version, capabilities or
// serverInfo; a capabilities, or a capability in it ("tools": 5), that is
// no object does not say what the server offers; a protocolVersion that is
// no string names no version (a number read as none named); a serverInfo
// that is no object names no server. Text that is not JSON is said
// elsewhere, and gets "". Sanitize the line before it is shown.
func InitializeShape(result []byte) string {
	const what = "the initialize result"
	if shape := openingShape(what, "protocol version", result); shape != "" {
		return shape
	}
	root, ok := objectOf(result, 1)
	if !ok {
		return ""
	}
	if v := root.Get("protocolVersion"); v.Kind() != 0 && v.Kind() != jsonspan.String {
		return what + "'s protocolVersion is " + kindOf(v) + ", not a string: it names no version (the protocol's are strings, \"2025-06-18\")"
	}
	if v := root.Get("serverInfo"); v.Kind() != 0 && v.Kind() != jsonspan.Object {
		return what + "'s serverInfo is " + kindOf(v) + ", not an object: it does not name the server"
	}
	return ""
}

// DiscoverShape is InitializeShape for the result of server/discover, which
// opens the 2026 era as initialize opens the others: its capabilities, or
// a capability in it, that is no object does not say what the server
// offers. Without it exec printed "capabilities: (none)" for a server that
// wrote "capabilities": "all", hiding the server's mistake.
func DiscoverShape(result []byte) string {
	return openingShape("the server/discover result", "supported versions", result)
}

// openingShape says what in the result of the request that opens a session
// (named by what, "the initialize result") is not of its shape; versions
// names what such a result says first.
func openingShape(what, versions string, result []byte) string {
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
		return what + " is " + kindOf(root) + ", not an object: it names no " + versions + ", capabilities or serverInfo"
	}
	caps := root.Get("capabilities")
	switch caps.Kind() {
	case 0, jsonspan.Object:
	default:
		return what + "'s capabilities is " + kindOf(caps) + ", not an object: it does not say what the server offers"
	}
	capsDoc, ok := objectOf(caps.Raw(), 1)
	if !ok {
		return "" // none named
	}
	var odd, flags []string
	for name, c := range capsDoc.Members() {
		if c.Kind() != jsonspan.Object {
			odd = append(odd, clip.Quote(name, 64)+" is "+kindOf(c))
			continue
		}
		if name != "experimental" {
			// experimental's members are capabilities the server
			// names itself, not options: one called "subscribe" is no
			// true-or-false the protocol defines.
			flags = append(flags, notFlags(name, c)...)
		}
	}
	switch {
	case len(odd) > 0:
		return "in " + what + "'s capabilities, " + clip.List(odd, MaxListed) + ", not an object: a capability is an object of its options"
	case len(flags) > 0:
		// "subscribe": "yes" reads as on to a lenient client and as
		// off, or a refusal, to a strict one: the server offers what
		// each client guesses.
		return "in " + what + "'s capabilities, " + clip.List(flags, MaxListed) + ", not true or false: clients differ on whether that option is on"
	}
	return ""
}

// notFlags names the options of capability c ("tools") that the protocol
// makes true or false (listChanged, subscribe) and that are something else.
func notFlags(name string, c jsonspan.Value) []string {
	opts, ok := objectOf(c.Raw(), 1)
	if !ok {
		return nil
	}
	var out []string
	for opt, v := range opts.Members() {
		if (opt == "listChanged" || opt == "subscribe") && v.Kind() != jsonspan.Bool {
			out = append(out, clip.Quote(name, 64)+"."+opt+" is "+kindOf(v))
		}
	}
	return out
}

// kindOf is a value's JSON type with an excerpt of it: "null", "an
// integer (5)".
func kindOf(v jsonspan.Value) string {
	if v.Kind() == jsonspan.Null {
		return "null"
	}
	return v.KindName() + " (" + Excerpt(v.Raw()) + ")"
}
