package mcp

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An error page larger than the record's excerpt (BodyLimit) is said to
// be as large as it came: its line said the excerpt's size (64 KiB of a
// 200 KB page), which read as the whole page's.
func TestCutErrorPageSaysItsWireSize(t *testing.T) {
	page := "<html><body><h1>Bad gateway</h1>" + strings.Repeat("x", 200_000) + "</body></html>"
	for _, ct := range []string{"text/html", "text/plain"} {
		for _, l := range listToolsInBothEras(t, func(x *mcptest.Exchange) {
			if x.Method != "tools/list" {
				x.Default()
				return
			}
			x.Status(http.StatusBadGateway, ct, page)
		}) {
			want := "(" + strconv.Itoa(len(page)) + " bytes)"
			if l.err == nil || !strings.Contains(l.err.Error(), want) {
				t.Errorf("%s %s: tools/list = %v, want the page's size %s", ct, l.url, l.err, want)
			}
		}
	}
}
