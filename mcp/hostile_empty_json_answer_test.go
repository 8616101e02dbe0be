package mcp

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A request answered 200 application/json with an empty body says, as a
// 200 without a label does, that it came with an empty body where its
// answer belongs: it used to be "not JSON: unexpected end of JSON input",
// the decoder's words for a body that was not there.
func TestRequestAnsweredEmptyJSONSaysSo(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.AnswerWith("tools/list", http.StatusOK, "application/json", "")})
	s, rec := connect(t, Config{URL: srv.URL, RequestTimeout: time.Minute, NoGetStream: true})
	_, _, err := s.ListTools(testCtx(t), false)
	if CauseOf(err) != CauseNoResponse || !strings.Contains(err.Error(), "answered 200 OK with an empty body to tools/list, a request") {
		t.Errorf("tools/list = %v (cause %q), want it saying the 200 came with an empty body", err, CauseOf(err))
	}
	s.Close()
	rec.waitEnd(t)
}
