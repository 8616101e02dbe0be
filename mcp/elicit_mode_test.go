package mcp

import (
	"errors"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An elicitation/create whose mode is none mcpscope declared (form, url)
// gets -32602, as a client MUST answer it, and the user is not asked,
// where it was put to the user as a form; so does a url one naming no URL
// (none, an empty one, a number), where the user was asked to accept
// having opened nothing; a form, a url and one with no mode are put to
// the user as before.
func TestElicitationOfAnUndeclaredModeIsRefused(t *testing.T) {
	ans := &scripted{answer: map[string]string{"elicitation/create": `{"action":"decline"}`}}
	_, s, _ := dialStreamable(t, mcptest.StreamableOptions{}, Config{Answerer: ans})
	refused := []string{"-32602", "telepathy", "is not one mcpscope declared (form, url)"}
	for _, tc := range []struct {
		params string
		want   []string
	}{
		{`{"mode":"telepathy","message":"m"}`, refused},
		{`{"mode":7,"message":"m"}`, []string{"-32602", "its mode 7 is not one mcpscope declared"}},
		{`{"mode":"url","message":"m","elicitationId":"e"}`, []string{"-32602", "it asks to open a URL but names none"}},
		{`{"mode":"url","message":"m","url":"","elicitationId":"e"}`, []string{"-32602", "it asks to open a URL but its url is"}},
		{`{"mode":"url","message":"m","url":5,"elicitationId":"e"}`, []string{"-32602", "its url is 5"}},
		{`{"mode":"url","message":"m","url":"https://example.com/","elicitationId":"e"}`, []string{"decline"}},
		{`{"mode":"form","message":"m","requestedSchema":{"type":"object"}}`, []string{"decline"}},
		{`{"message":"m","requestedSchema":{"type":"object"}}`, []string{"decline"}},
	} {
		resp, err := s.CallTool(testCtx(t), "ask", []byte(`{"method":"elicitation/create","params":`+tc.params+`}`))
		if err != nil {
			t.Fatalf("tools/call ask: %v", err)
		}
		for _, w := range tc.want {
			if !strings.Contains(string(resp.Result), w) {
				t.Errorf("elicitation/create %s was answered %s, want %q in it", tc.params, resp.Result, w)
			}
		}
	}
	if len(ans.asked) != 3 {
		t.Errorf("the user was asked %d times, want 3 (the url, the form and the one with no mode)", len(ans.asked))
	}
}

// In a 2026 input_required round, an elicitation/create of a mode mcpscope
// did not declare is put to nobody, nor is any other question of the
// round, and the request is not sent again: 2026-07-28 has no error to
// answer one input request with, and a retry needs every answer; nor is a
// url one naming no URL. The error names the keys and says why. It was put
// to the user as a form.
func TestInputRoundOfAnUndeclaredModeIsNotAsked(t *testing.T) {
	ans := &countingAnswerer{}
	srv, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","inputRequests":{` +
			`"a":{"method":"elicitation/create","params":{"mode":"form","message":"m","requestedSchema":{"type":"object"}}},` +
			`"b":{"method":"elicitation/create","params":{"mode":"telepathy","message":"m"}},` +
			`"c":{"method":"elicitation/create","params":{"mode":"url","message":"m","elicitationId":"e"}}},"requestState":"s"}}`)
	})}, Config{NoListen: true, Answerer: ans})
	_, err := s.CallTool(testCtx(t), "anything", []byte(`{}`))
	var ierr *InputRequiredError
	if !errors.As(err, &ierr) || len(ierr.Missing) != 2 || ierr.Missing[0].Key != "b" || ierr.Missing[1].Key != "c" ||
		!strings.Contains(err.Error(), `"telepathy" is not one mcpscope declared (form, url)`) || !strings.Contains(err.Error(), "not sent again") {
		t.Fatalf("tools/call = %v, want the round refused for key b's mode", err)
	}
	if n := ans.asked.Load(); n != 0 {
		t.Errorf("the user was asked %d questions, want none", n)
	}
	if n := requestsOf(srv.Requests(), "tools/call"); n != 1 {
		t.Errorf("the server got %d tools/call, want 1", n)
	}
}

// In a 2026 round, an input request naming a method no input request may
// name (a server's own "foo/bar", ping) makes the round one nobody is
// asked, as an undeclared mode does: the error says which method and why.
// The user was asked the round's other questions first, and the error
// then said only "unknown method".
func TestInputRoundOfAnUnknownMethodIsNotAsked(t *testing.T) {
	ans := &countingAnswerer{}
	srv, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","inputRequests":{` +
			`"a":{"method":"elicitation/create","params":{"mode":"form","message":"m","requestedSchema":{"type":"object"}}},` +
			`"b":{"method":"foo/bar","params":{}},"c":{"method":"ping"}},"requestState":"s"}}`)
	})}, Config{NoListen: true, Answerer: ans})
	_, err := s.CallTool(testCtx(t), "anything", []byte(`{}`))
	var ierr *InputRequiredError
	if !errors.As(err, &ierr) || len(ierr.Missing) != 2 || ierr.Missing[0].Key != "b" || ierr.Missing[1].Key != "c" ||
		!strings.Contains(err.Error(), `foo/bar cannot be answered: it is no method an input request may name (elicitation/create, sampling/createMessage, roots/list)`) ||
		!strings.Contains(err.Error(), "not sent again") {
		t.Fatalf("tools/call = %v, want the round refused for key b's method", err)
	}
	if n := ans.asked.Load(); n != 0 {
		t.Errorf("the user was asked %d questions, want none", n)
	}
	if n := requestsOf(srv.Requests(), "tools/call"); n != 1 {
		t.Errorf("the server got %d tools/call, want 1", n)
	}
}
