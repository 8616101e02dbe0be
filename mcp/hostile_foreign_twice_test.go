package mcp

import (
	"net/http"
	"strings"
	"testing"
)

// A stream that ends after the same stray answer twice, and not the one
// asked for, names the stray id once and says how often it came: the
// error read "an answer came back with id 424242, 424242", as if of two
// ids.
func TestStrayAnswerRepeatedIsNamedOnce(t *testing.T) {
	f := &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		stray := "data: {\"jsonrpc\":\"2.0\",\"id\":424242,\"result\":{}}\n\n"
		writeEvents(w, stray+stray+"data: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}\n\n")
	}
	s, _ := dialRaw(t, f, Config{})
	_, err := s.CallTool(testCtx(t), "stray", []byte(`{}`))
	want := "an answer came back with id 424242 (twice), 7 that no request of ours has"
	if CauseOf(err) != CauseNoResponse || !strings.Contains(err.Error(), want) {
		t.Errorf("CallTool = %v, want it to say %q", err, want)
	}
}
