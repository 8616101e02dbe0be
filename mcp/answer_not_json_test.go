package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer that is not JSON is named in the refusal sent to the server by
// its start and size, not quoted whole: an answer file of megabytes would
// otherwise be sent back and shown in full.
func TestAnswerNotJSONIsQuotedClipped(t *testing.T) {
	long := "not json " + strings.Repeat("x", 100000)
	ans := &scripted{answer: map[string]string{"elicitation/create": long}}
	_, s, _ := dialStreamable(t, mcptest.StreamableOptions{}, Config{Answerer: ans})
	resp, err := s.CallTool(testCtx(t), "ask", []byte(`{"method":"elicitation/create","params":{}}`))
	if err != nil {
		t.Fatal(err)
	}
	raw := string(resp.Raw)
	if !strings.Contains(raw, "the answer is not JSON: not json xxx") || !strings.Contains(raw, "(100009 bytes)") {
		t.Errorf("the refusal does not quote the answer's start and size: %.300s", raw)
	}
	if len(raw) > 5000 {
		t.Errorf("the refusal quotes the answer whole: %d bytes", len(raw))
	}
}
