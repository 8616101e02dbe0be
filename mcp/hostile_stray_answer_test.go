package mcp

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// A server that answers with an id we never sent (another client's, or
// ours spelt as a string) leaves the request unanswered. When the answer's
// JSON body or stream ends there, the error says what did come, as the
// timeout of a request does, not just that nothing came.
func TestStrayAnswerIsNamedWhenTheAnswerEnds(t *testing.T) {
	for _, tc := range []struct {
		name  string
		write func(w http.ResponseWriter, id string)
		want  string
	}{
		{"json, another id", func(w http.ResponseWriter, id string) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":999999,"result":{}}`)
		}, "an answer came back with id 999999 that no request of ours has"},
		{"json, our id as a string", func(w http.ResponseWriter, id string) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":"%s","result":{}}`, id)
		}, `an answer came back with id "`},
		{"stream, another id", func(w http.ResponseWriter, id string) {
			writeEvents(w, "data: {\"jsonrpc\":\"2.0\",\"id\":424242,\"result\":{}}\n\n")
		}, "an answer came back with id 424242 that no request of ours has"},
		{"stream, no result", func(w http.ResponseWriter, id string) {
			writeEvents(w, "data: {\"jsonrpc\":\"2.0\",\"id\":"+id+"}\n\n")
		}, "neither a result nor an error"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &rawStreamable{}
			f.call = func(w http.ResponseWriter, r *http.Request, id string) { tc.write(w, id) }
			s, _ := dialRaw(t, f, Config{})
			_, err := s.CallTool(testCtx(t), "stray", []byte(`{}`))
			if CauseOf(err) != CauseNoResponse || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("tools/call = %v (cause %s), want no-response saying %q", err, CauseOf(err), tc.want)
			}
		})
	}
}
