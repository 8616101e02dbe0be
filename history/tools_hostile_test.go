package history

import (
	"strings"
	"testing"
)

// One tool that is not a tool, or whose schema nests past encoding/json's
// depth limit, hides none of the others from completion.
func TestLogToolsSurviveHostileEntries(t *testing.T) {
	deep := strings.Repeat(`{"items":`, 20_000) + `{}` + strings.Repeat(`}`, 20_000)
	s := newScript()
	r := s.request("1", "tools/list", `{}`)
	s.result("1", r, `{"tools":[{"name":"a"},{"name":42},{"name":"deep","inputSchema":`+deep+`},"x",{"name":"b"}]}`)
	l := s.log()
	var names []string
	for _, tool := range l.Tools() {
		names = append(names, tool.Name)
	}
	if got, want := strings.Join(names, ","), "a,deep,b"; got != want {
		t.Errorf("Tools() = %q, want the readable tools %q", got, want)
	}
}
