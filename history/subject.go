package history

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// SubjectOf is the prompt name or resource URI a request names, the level
// a logging/setLevel asks for, the reference and argument a
// completion/complete completes, or what a subscriptions/listen
// subscribes to (see Pair.Subject), "" for other
// methods. A name or URI longer than subjectLimit is cut there and says
// how long it was (clip.Quote), as the listen's members are, where it was
// kept whole and a megabyte prompt name reached the export, the JSON and
// every row's copy whole.
func SubjectOf(m *mcp.RPCMessage) string {
	var key string
	switch m.Method {
	case "prompts/get":
		key = "name"
	case "resources/read", "resources/subscribe", "resources/unsubscribe":
		key = "uri"
	case "logging/setLevel":
		key = "level"
	case "completion/complete":
		return completionSubject([]byte(m.Raw))
	case ListenMethod:
		return listenSubject([]byte(m.Raw))
	default:
		return ""
	}
	return clip.Quote(paramText(string(m.Raw), key), subjectLimit)
}

// paramText is the text of params.key in the request raw, whole, "" when
// it has none. The one JSON scanner, indexed to the key only:
// encoding/json decoded every param of the request, and one nested past
// its 10,000 levels (a _meta, an argument) hid the subject.
func paramText(raw, key string) string {
	// Read in place: Text copies what it returns, so nothing keeps raw.
	doc, err := jsonspan.Parse(bytesOf(raw), jsonspan.Limits{Depth: 2})
	if err != nil {
		return ""
	}
	s, _ := doc.Root().Get("params").Get(key).Text()
	return s
}

// SubjectURI is the URI a resources/read, subscribe or unsubscribe row
// names, whole, read from its request; "" for other rows. Subject keeps a
// long URI's start and its size, and a row too narrow for it shows a
// URI's end, which tells demo://docs/a.md from demo://docs/b.md: read
// from Subject, that end was the size.
func (p *Pair) SubjectURI() string {
	if p.Request == nil || p.Request.RPC == nil {
		return ""
	}
	switch p.Method {
	case "resources/read", "resources/subscribe", "resources/unsubscribe":
		if s := p.Subject; s != "" && len(s) <= subjectLimit {
			// Subject is the URI whole (clip.Quote cuts only a longer
			// one, to more bytes than this): a narrow row asks per frame,
			// and need not read the request again.
			return s
		}
		return paramText(string(p.Request.RPC.Raw), "uri")
	}
	return ""
}

// subscriptionURI is the URI a resources/subscribe or
// resources/unsubscribe names, whole, "" for other methods: what the
// session is subscribed to is offered back to unsubscribe, where the
// subject's cut named no resource, and two long URIs alike in their first
// bytes were one.
func subscriptionURI(m *mcp.RPCMessage) string {
	if m.Method != "resources/subscribe" && m.Method != "resources/unsubscribe" {
		return ""
	}
	return paramText(string(m.Raw), "uri")
}

// subjectLimit is how much of a prompt's name or a resource's URI a
// subject keeps: as much as a tool's name keeps (mcp.NameLimit). A
// completion's ref and argument keep half each.
const subjectLimit = mcp.NameLimit

// completionSubject is what a completion/complete asks about: the prompt
// or template (its ref) and the argument whose values it asks for, so a
// row of several says which argument each completed.
func completionSubject(raw []byte) string {
	doc, err := jsonspan.Parse(raw, jsonspan.Limits{Depth: 3})
	if err != nil {
		return ""
	}
	return completionOf(doc.Root().Get("params"))
}

// CompletionSubject is completionSubject of a completion/complete's
// params alone, as exec's heading names what it completed: the same
// words the TUI's row says it in.
func CompletionSubject(params []byte) string {
	doc, err := jsonspan.Parse(params, jsonspan.Limits{Depth: 2})
	if err != nil {
		return ""
	}
	return completionOf(doc.Root())
}

// completionOf is the ref and the argument named in params, "review_code
// language", each cut at half of subjectLimit (clip.Quote), so the
// argument's name is still there after a long ref.
func completionOf(params jsonspan.Value) string {
	ref, ok := params.Get("ref").Get("name").Text()
	if !ok {
		ref, _ = params.Get("ref").Get("uri").Text()
	}
	arg, _ := params.Get("argument").Get("name").Text()
	return strings.TrimSpace(clip.Quote(ref, subjectLimit/2) + " " + clip.Quote(arg, subjectLimit/2))
}

// listKinds are the list changes a subscriptions/listen may ask for, in
// the order its subject names them.
var listKinds = []string{"tools", "resources", "prompts"}

// listenSubject is what a subscriptions/listen subscribes to, short, so
// the session's stream and one typed by hand read apart in Pairs: "all
// lists" (the session's own), "tools", "tools,prompts 2 uris", "1 uri". Other
// members of its notifications are named as they are, the first
// mcp.MaxListed of them and a count of the rest: a client's listen may name
// thousands, each megabytes long, and the row, the export and the proxy's
// line name a few.
func listenSubject(raw []byte) string {
	doc, err := jsonspan.Parse(raw, jsonspan.Limits{Depth: 4})
	if err != nil {
		return ""
	}
	notes := doc.Root().Get("params").Get("notifications")
	// Each member as JSON readers take it, the last of a name given
	// twice (Get): counting each one named made three "tools" read "all
	// lists", and a false after a true read subscribed.
	var lists, words []string
	for _, kind := range listKinds {
		if string(notes.Get(kind+"ListChanged").Raw()) == "true" {
			lists = append(lists, kind)
		}
	}
	if len(lists) == len(listKinds) {
		lists = []string{"all lists"}
	}
	if len(lists) > 0 {
		words = append(words, strings.Join(lists, ","))
	}
	named := map[string]bool{}
	var others []string
	uris := ""
	for key := range notes.Members() {
		kind, isList := strings.CutSuffix(key, "ListChanged")
		if named[key] || isList && slices.Contains(listKinds, kind) {
			continue
		}
		named[key] = true
		if key == "resourceSubscriptions" && notes.Get(key).Kind() == jsonspan.Array {
			if n := notes.Get(key).Len(); n == 1 {
				uris = "1 uri"
			} else if n > 1 {
				uris = strconv.Itoa(n) + " uris"
			}
			continue
		}
		others = append(others, key)
	}
	if len(others) > 0 {
		words = append(words, clip.ListFunc(others, mcp.MaxListed, func(k string) string { return sanitize.Quoted(k, 64) }))
	}
	if uris != "" {
		words = append(words, uris)
	}
	return strings.Join(words, " ")
}
