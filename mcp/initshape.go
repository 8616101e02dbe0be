package mcp

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/internal/sanitize"
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
		return what + "'s protocolVersion is " + KindOf(v) + ", not a string: it names no version (the protocol's are strings, \"2025-06-18\")"
	}
	if v := root.Get("serverInfo"); v.Kind() != 0 && v.Kind() != jsonspan.Object {
		return what + "'s serverInfo is " + KindOf(v) + ", not an object: it does not name the server"
	}
	return ""
}

// DiscoverShape is InitializeShape for the result of server/discover, which
// opens the 2026 era as initialize opens the others: its capabilities, or
// a capability in it, that is no object does not say what the server
// offers. Without it exec printed "capabilities: (none)" for a server that
// wrote "capabilities": "all", hiding the server's mistake.
func DiscoverShape(result []byte) string {
	const what = "the server/discover result"
	shape := openingShape(what, "supported versions", result)
	root, ok := objectOf(result, 1)
	if !ok {
		return shape
	}
	return joinShapes(shape, versionsShape(what+"'s supportedVersions", root.Get("supportedVersions")))
}

// SupportedShape is DiscoverShape for the data of a refusal of the
// protocol version asked for (-32022): its supported list, read as the
// versions to choose from, with a non-string or a version listed twice
// is the server's mistake, said once, not passed over. "" when data
// names no such list, or a fine one.
func SupportedShape(data []byte) string {
	root, ok := objectOf(data, 1)
	if !ok {
		return ""
	}
	return versionsShape("the refusal's data.supported", root.Get("supported"))
}

// versionsShape says what in a list of protocol versions (named by what)
// is no version string, or is listed more than once, or "" when nothing
// is, or v is no list (said where the list is read). The server's strings
// are sanitized and cut, and a few of each named: the list may hold
// thousands.
func versionsShape(what string, v jsonspan.Value) string {
	if v.Kind() != jsonspan.Array {
		return ""
	}
	// The list's items, at a depth its parent's index did not reach.
	list, err := jsonspan.Parse(v.Raw(), jsonspan.Limits{Depth: 1})
	if err != nil {
		return ""
	}
	var odd, twice []string
	seen := map[string]int{}
	i := 0
	for e := range list.Root().Elements() {
		i++
		text, ok := e.Text()
		if e.Kind() != jsonspan.String || !ok {
			odd = append(odd, fmt.Sprintf("item %d is %s", i, sanitize.Line(KindOf(e))))
			continue
		}
		if seen[text]++; seen[text] == 2 {
			twice = append(twice, strconv.Quote(shapeQuoted(text)))
		}
	}
	var says []string
	if len(odd) > 0 {
		says = append(says, clip.List(odd, MaxListed)+", not a version string")
	}
	if len(twice) > 0 {
		says = append(says, clip.List(twice, MaxListed)+" listed more than once")
	}
	if len(says) == 0 {
		return ""
	}
	return "in " + what + ", " + strings.Join(says, "; ") + ": a list of versions holds each version's name once"
}

// shapeSaid is a shape line in parentheses, to end a failure's words, or
// "" for none.
func shapeSaid(shape string) string {
	if shape == "" {
		return ""
	}
	return " (" + shape + ")"
}

// joinShapes is the shape lines that say something, in one line.
func joinShapes(shapes ...string) string {
	return strings.Join(slices.DeleteFunc(shapes, func(s string) bool { return s == "" }), "; ")
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
		return what + " is " + KindOf(root) + ", not an object: it names no " + versions + ", capabilities or serverInfo"
	}
	caps := root.Get("capabilities")
	switch caps.Kind() {
	case 0, jsonspan.Object:
	default:
		return what + "'s capabilities is " + KindOf(caps) + ", not an object: it does not say what the server offers"
	}
	capsDoc, ok := objectOf(caps.Raw(), 1)
	if !ok {
		return "" // none named
	}
	var odd, flags []string
	for name, c := range capsDoc.Members() {
		if c.Kind() != jsonspan.Object {
			odd = append(odd, shapeQuoted(name)+" is "+KindOf(c))
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
			out = append(out, shapeQuoted(name)+"."+opt+" is "+KindOf(v))
		}
	}
	return out
}

// shapeQuoted is a name of the server's (a capability, a version) as a
// shape line quotes it: sanitized and cut where the line is built
// (sanitize.Quoted), since one sanitized only where the whole line was shown
// could end it at the name.
func shapeQuoted(name string) string { return sanitize.Quoted(name, 64) }

// KindOf is a value's JSON type with an excerpt of it, "null", "an
// integer (5)": the one way a message says what a server sent where
// something else belonged (a capability, a list's entry, a tool's name).
// The excerpt is the server's JSON: sanitize it where it is shown.
func KindOf(v jsonspan.Value) string {
	if v.Kind() == jsonspan.Null {
		return "null"
	}
	return v.KindName() + " (" + Excerpt(v.Raw()) + ")"
}
