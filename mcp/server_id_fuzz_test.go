package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// FuzzServerRequestID: whatever id a server gives a request of its own
// (a number of any size, a string of any escapes, an array, an object,
// members that repeat), mcpscope's answer is JSON and carries the id
// exactly as encoding/json reads it from the request (the last of repeated
// members), byte for byte: a server matches its answers by the id it
// wrote, and one that closes its stream over an unanswered ping would
// close it over an answer to an id it never sent.
func FuzzServerRequestID(f *testing.F) {
	for _, id := range []string{
		`1`, `"a"`, `0`, `-1`, `1e400`, `12345678901234567890123`, `1.50`, `-0.0e-0`,
		`"\u0000\"\\/"`, `"\ud800"`, `"é😀\u202e"`, `[1, 2]`, `{"a":{"b":[]}}`, `true`,
		`1,"id":"second"`, `"x","method":"elicitation/create"`, `7,"method":"roots/list","params":{}`,
		`8,"method":"sampling/createMessage","params":[]`, `9,"method":1`,
		`"` + strings.Repeat("x", 70000) + `"`, strings.Repeat("[", 600) + strings.Repeat("]", 600),
		`1,` + junkMembers(300) + `"id":"past-300-members"`,
	} {
		f.Add(id)
	}
	f.Fuzz(func(t *testing.T, id string) {
		// SSE ends a data line at CR or LF, and the lines are joined with
		// LF: whitespace the event cannot carry as written is a space.
		id = strings.NewReplacer("\r", " ", "\n", " ").Replace(id)
		msg := `{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`
		var members map[string]json.RawMessage
		if json.Unmarshal([]byte(msg), &members) != nil {
			return
		}
		want := strings.TrimSpace(string(members["id"]))
		if want == "" || want == "null" {
			return
		}
		srv, _, rec := dial(t, mcptest.Options{}, Config{NoListen: true})
		conn, err := srv.WaitConn(testCtx(t))
		if err != nil {
			t.Fatal(err)
		}
		if err := conn.Message(msg); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(testCtx(t), 5*time.Second)
		defer cancel()
		post, err := srv.WaitPost(ctx, func(p mcptest.Post) bool {
			return p.Kind != mcptest.KindRequest && p.Kind != mcptest.KindNotification
		})
		if err != nil {
			for _, r := range rec.all() {
				if r.Kind == KindError {
					t.Logf("error record: %s", r.Error.Message)
				}
			}
			t.Fatalf("no answer to the server's request %.300s: %v", msg, err)
		}
		var got map[string]json.RawMessage
		if err := json.Unmarshal(post.Body, &got); err != nil {
			t.Fatalf("the answer to %.300s is not JSON (%v): %.300s", msg, err, post.Body)
		}
		if string(got["id"]) != want {
			t.Fatalf("the answer to %.300s has id %.300s, want %.300s", msg, got["id"], want)
		}
	})
}
