package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer a client's reader passes over (in an event named "message ",
// or in a field named "data " or a byte order mark and "data") leaves the
// request unanswered, and the proxy's line says why in exec's words: it
// said only "ended without the answer", which sent a person to blame the
// proxy or the client.
func TestProxyHeadlessSaysWhyAStreamHeldNoAnswer(t *testing.T) {
	answer := func(id []byte) string { return `{"jsonrpc":"2.0","id":` + string(id) + `,"result":{}}` }
	events := map[string]func(id []byte) string{
		"tools/list":     func(id []byte) string { return "event: message \ndata: " + answer(id) + "\n\n" },
		"prompts/list":   func(id []byte) string { return "event: message\ndata : " + answer(id) + "\n\n" },
		"resources/list": func(id []byte) string { return ": open\n\n\ufeffevent: message\n\ufeffdata: " + answer(id) + "\n\n" },
	}
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone, Handle: func(x *mcptest.Exchange) {
		if event := events[x.Method]; event != nil {
			x.Status(http.StatusOK, "text/event-stream", event(x.ID))
			return
		}
		x.Default()
	}})
	lines := proxiedLines(t, srv.Endpoint(), "tools/list", "prompts/list", "resources/list")
	const field = `, which SSE readers ignore: a field's name is every byte before its colon, a space or a byte order mark too`
	for _, want := range []string{
		`! stream tools/list id=2: the response stream ended without the answer, and no event had an id the client could resume it from; an answer with its id came in an SSE event named "message ", which clients do not read`,
		`! stream prompts/list id=3: the response stream ended without the answer, and no event had an id the client could resume it from; an event carried its data in a field named "data "` + field,
		`! stream resources/list id=4: the response stream ended without the answer, and no event had an id the client could resume it from; an event carried its data in a field named "\ufeffdata"` + field,
	} {
		if !strings.Contains(lines, want) {
			t.Errorf("the lines lack %q:\n%s", want, lines)
		}
	}
}

// An answer naming "id" twice is paired by its last id, as exec pairs it;
// its line says which id came first and which last, either way round,
// since a client whose reader keeps the first pairs it otherwise. The line
// said only "answer to an id the client never sent id=99", or "ok". The
// line of the request it then left unanswered says it too, as a session's
// failure does, on an event stream or in a JSON body: it said only that
// no answer came.
func TestProxyHeadlessSaysAnAnswerNamedItsIDTwice(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone, Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "tools/list":
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"id":99,"result":{"tools":[]}}`)
		case "prompts/list":
			x.Reply(`{"jsonrpc":"2.0","id":98,"id":` + string(x.ID) + `,"result":{"prompts":[]}}`)
		case "resources/list":
			x.JSON()
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"id":97,"result":{"resources":[]}}`)
		default:
			x.Default()
		}
	}})
	lines := proxiedLines(t, srv.Endpoint(), "tools/list", "prompts/list", "resources/list")
	const readers = `: mcpscope, like most JSON readers, took the last, but a reader that keeps the first takes it as the answer to `
	for _, want := range []string{
		`← answer to an id the client never sent id=99 — it names "id" twice, 2 first and 99 last` + readers + "2",
		`← prompts/list id=3 ok `,
		`— it names "id" twice, 98 first and 3 last` + readers + "98",
		`! stream tools/list id=2: the response stream ended without the answer, and no event had an id the client could resume it from; ` +
			`an answer came back naming "id" twice, this request's id first and 99 last: mcpscope, like most JSON readers, took the last, so it answers nothing here, but a reader that keeps the first takes it as this request's answer`,
		`! post resources/list id=4: POST ` + srv.Endpoint() + ` answered 200 OK with a JSON body that holds no answer to it (relayed to the client as it came); an answer came back naming "id" twice, this request's id first and 97 last: `,
	} {
		if !strings.Contains(lines, want) {
			t.Errorf("the lines lack %q:\n%s", want, lines)
		}
	}
}

// proxiedLines are the lines of a headless proxy to url through which a
// client initializes, then asks each method in turn (ids 2, 3, …).
func proxiedLines(t *testing.T, url string, methods ...string) string {
	t.Helper()
	h := startHeadless(t, url, proxyFlags{})
	base := h.run.base + "/mcp"
	sid := initializeAt(t, base)
	for i, method := range methods {
		clientPost(t, base, sid, `{"jsonrpc":"2.0","id":`+string(rune('2'+i))+`,"method":"`+method+`"}`)
	}
	h.stop()
	return h.errw.String()
}
