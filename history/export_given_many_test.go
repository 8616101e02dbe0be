package history

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 round that asked a hundred samplings, all answered, and a form
// left unanswered: the Markdown export wrote a "given" line for every
// answer, however many; it shows the first GivenMost in key order and
// counts the rest, as its other quotes are bounded.
func TestExportCountsTheGivenAnswersPastTheFirst(t *testing.T) {
	ctx := testCtx(t)
	const asked = 100
	var reqs strings.Builder
	reqs.WriteString(`"ask":{"method":"elicitation/create","params":{"mode":"form","message":"m","requestedSchema":{"type":"object"}}}`)
	for i := range asked {
		fmt.Fprintf(&reqs, `,"draft%03d":{"method":"sampling/createMessage","params":{"messages":[{"role":"user","content":{"type":"text","text":"hi"}}],"maxTokens":5}}`, i)
	}
	srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","requestState":"s","inputRequests":{` + reqs.String() + `}}}`)
	})
	cfg := mcp.Config{URL: srv.URL, Transport: mcp.TransportStateless, NoListen: true, Answerer: samplingThenUnanswered{text: "a draft"}, RequestTimeout: 10 * time.Second}
	recs := recordSession(t, ctx, cfg, func(s *mcp.Session) {
		if _, err := s.CallTool(ctx, "anything", json.RawMessage(`{}`)); !errors.Is(err, mcp.ErrUnanswered) {
			t.Fatalf("recording: tools/call = %v, want the form left unanswered", err)
		}
	})
	log, h, _, err := LoadLog(record(t, recs, RecordOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	var md bytes.Buffer
	if err := ExportMarkdown(&md, h, log); err != nil {
		t.Fatal(err)
	}
	given := 0
	for _, line := range strings.Split(md.String(), "\n") {
		if strings.HasPrefix(line, "> given \"") {
			given++
		}
	}
	if more := fmt.Sprintf("> given … %d more\n", asked-GivenMost); given != GivenMost || !strings.Contains(md.String(), more) {
		t.Errorf("the Markdown export has %d given lines, want %d and %q:\n%s", given, GivenMost, more, md.String())
	}
	if !strings.Contains(md.String(), `> given "draft000": `) {
		t.Errorf("the Markdown export does not show the first answer given, draft000:\n%s", md.String())
	}
}
