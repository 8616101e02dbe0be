package history

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A session that sent and got no message (a gateway down, a stream
// refused) exports "None" under Messages, where the heading stood alone
// and the transcript read as cut short.
func TestExportOfASessionWithoutMessagesSaysNone(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	url := srv.SSEURL()
	l := logOf(t, mcp.Config{URL: url}, func(context.Context, *mcp.Session) {})
	var md bytes.Buffer
	if err := ExportMarkdown(&md, Header{MCPScope: "test", URL: url, Transport: "sse", Started: scriptStart}, l); err != nil {
		t.Fatal(err)
	}
	_, after, _ := strings.Cut(md.String(), "## Messages\n")
	if !strings.HasPrefix(after, "\nNone: no message went either way") {
		t.Errorf("the Messages section of a session without messages reads %q", after)
	}
}
