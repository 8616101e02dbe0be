package mcptest

import (
	"encoding/json"
	"testing"
)

// OnMethod starts a streamable fake whose messages of method go to handle
// and whose every other message is answered as the fake does by default
// (Exchange.Default). Most tests that script a server change one answer
// only; this keeps each of them to that answer, and keeps the dispatch in
// one place rather than in a copy per test.
func OnMethod(t testing.TB, method string, handle func(x *Exchange)) *StreamableServer {
	t.Helper()
	return NewStreamable(t, StreamableOptions{Handle: HandleMethod(method, handle)})
}

// HandleMethod is the Handle of StreamableOptions or StatelessOptions that
// sends the messages of method (a request's or a notification's) to handle
// and answers every other as the fake does by default. It is OnMethod's
// dispatch for a test that sets other options too, or that starts its fake
// through a helper of its own.
func HandleMethod(method string, handle func(x *Exchange)) func(x *Exchange) {
	return func(x *Exchange) {
		if x.Method == method {
			handle(x)
			return
		}
		x.Default()
	}
}

// StatelessOnMethod is OnMethod on the stateless fake: its messages of
// method go to handle, every other message is answered by default.
func StatelessOnMethod(t testing.TB, method string, handle func(x *Exchange)) *StatelessServer {
	t.Helper()
	return NewStateless(t, StatelessOptions{Handle: HandleMethod(method, handle)})
}

// PagedOnEmptyCursor answers the first page of a list (no cursor) with
// the item first and "nextCursor":"", and a request carrying "cursor":""
// with the item second and no nextCursor, under member ("tools",
// "prompts"): the 2026-07-28 pagination page's own case of an empty string
// that is a cursor, not the end of results.
func PagedOnEmptyCursor(member, first, second string) func(x *Exchange) {
	return func(x *Exchange) {
		var p map[string]json.RawMessage
		_ = json.Unmarshal(x.Params, &p)
		if c, ok := p["cursor"]; ok && string(c) == `""` {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"` + member + `":[` + second + `]}}`)
			return
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"` + member + `":[` + first + `],"nextCursor":""}}`)
	}
}

// UnreadableRequest starts a streamable fake that answers every request
// of method as a server answers one it could not read (too large, or its
// id unreadable): with a JSON-RPC error whose id is null and whose message
// is why.
func UnreadableRequest(t testing.TB, method, why string) *StreamableServer {
	t.Helper()
	msg, _ := json.Marshal(why)
	return OnMethod(t, method, func(x *Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":` + string(msg) + `}}`)
	})
}

// HoldMethod is the Handle of StreamableOptions or StatelessOptions that
// gives the POSTs of method no answer, not even headers, until the client
// goes (it closed the session, cancelled the request), telling arrived of
// each one; every other message is answered as the fake does by default.
// A POST whose client goes while arrived is full is not told of: a test
// that reads fewer arrivals than came must not leave a handler blocked on
// its send for the rest of the run.
func HoldMethod(method string, arrived chan<- struct{}) func(x *Exchange) {
	return HandleMethod(method, func(x *Exchange) {
		select {
		case arrived <- struct{}{}:
		case <-x.Context().Done():
			return
		}
		<-x.Context().Done()
	})
}
