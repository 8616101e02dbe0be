package proxy

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
)

// FuzzRequestIDs: whatever a client posts, the proxy reads the ids of the
// requests in it as encoding/json reads them: each member of a batch that
// is an object with a method member (any value, as the Observer logs a
// request) and an id that is not null, and a single message's id when it
// is such a request. A stateless client's session is told apart by these ids (statelessSession), so an id
// missed or made up would send a client's answer to another client, or
// none; and no body, however broken, makes the proxy panic.
func FuzzRequestIDs(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"}]`,
		`[{"id":"a","method":"tools/list"}, 3, null, {"id":null,"method":"x"}, {"id":2,"method":7}, {"id":{"k":[1]},"method":"m","params":{"a":{"b":[1,2]}}}]`,
		`[{"id":1,"method":"a","id":2}]`,
		`[{"\u0069d" : 5 , "method":"a"}]`,
		` [ {"id": 1e3, "method": "\u00e9"} ] `,
		`[{"id":1,"method":"a"}`,
		`[{"ID":1,"method":"a"},{"id":1,"Method":"a"}]`,
		"[{\"id\":\"\xff\",\"method\":\"a\"}]",
		`[]`, `[[{"id":1,"method":"a"}]]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		m := peek(body)
		got := m.requestIDs()
		trimmed := bytes.TrimSpace(body)
		if !json.Valid(trimmed) {
			return
		}
		var want []string
		if len(trimmed) > 0 && trimmed[0] == '[' {
			var elems []json.RawMessage
			if err := json.Unmarshal(trimmed, &elems); err != nil {
				t.Fatalf("encoding/json cannot read the batch %q: %v", body, err)
			}
			for _, e := range elems {
				if id, ok := requestID(e); ok {
					want = append(want, id)
				}
			}
		} else if id, ok := requestID(trimmed); ok {
			want = []string{id}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("the request ids in %q read as %q, want %q (as encoding/json reads them)", body, got, want)
		}
	})
}

// requestID is the id of msg as its text, as encoding/json reads it, when
// msg is a request: an object with a method member and an id that is
// not null.
func requestID(msg json.RawMessage) (string, bool) {
	var members map[string]json.RawMessage
	if json.Unmarshal(msg, &members) != nil {
		return "", false
	}
	_, hasMethod := members["method"]
	id := members["id"]
	if !isRequest(hasMethod, id) {
		return "", false
	}
	return string(id), true
}
