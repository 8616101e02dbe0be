package command

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// pagedTasks answers 2025-11-25's tasks/list in two pages chained by a
// cursor, as the schema pages it (ListTasksRequest is a PaginatedRequest).
var pagedTasks = pagedList("tasks/list", map[string]string{
	"":   `{"tasks":[{"taskId":"t1","status":"working","createdAt":"2026-01-01T00:00:00Z","lastUpdatedAt":"2026-01-01T00:00:00Z","ttl":null}],"nextCursor":"p2"}`,
	"p2": `{"tasks":[{"taskId":"t2","status":"completed","createdAt":"2026-01-01T00:00:00Z","lastUpdatedAt":"2026-01-01T00:00:01Z","ttl":null}]}`,
})

// tasks/list is a paged list like the others: --all follows nextCursor
// and answers every task as one list, where it was refused ("--all":
// expected key=value), and cursor=X asks for one page.
func TestRunTasksListPages(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: pagedTasks})
	s, _ := open(t, srv.Endpoint())
	tests := []struct{ line, want, next string }{
		{"tasks/list --all", "t1 t2", ""},
		{"tasks/list", "t1", "p2"},
		{"tasks/list cursor=p2", "t2", ""},
	}
	for _, tt := range tests {
		r, _, err := runLine(t, s, tt.line)
		if err != nil {
			t.Fatalf("%s: %v", tt.line, err)
		}
		var page struct {
			Tasks      []struct{ TaskID string }
			NextCursor string
		}
		if err := json.Unmarshal(r.Result, &page); err != nil {
			t.Fatalf("%s answered %s: %v", tt.line, r.Result, err)
		}
		var ids []string
		for _, task := range page.Tasks {
			ids = append(ids, task.TaskID)
		}
		if strings.Join(ids, " ") != tt.want || page.NextCursor != tt.next {
			t.Errorf("%s = %v next %q, want %s next %q", tt.line, ids, page.NextCursor, tt.want, tt.next)
		}
	}
	if !IsList("tasks/list") {
		t.Error("tasks/list is not offered --all and cursor= as the other lists are")
	}
}
