package command

import "testing"

// pagedTasks answers 2025-11-25's tasks/list in two pages chained by a
// cursor, as the schema pages it (ListTasksRequest is a PaginatedRequest).
var pagedTasks = pagedList("tasks/list", map[string]string{
	"":   `{"tasks":[{"taskId":"t1","status":"working","createdAt":"2026-01-01T00:00:00Z","lastUpdatedAt":"2026-01-01T00:00:00Z","ttl":null}],"nextCursor":"p2"}`,
	"p2": `{"tasks":[{"taskId":"t2","status":"completed","createdAt":"2026-01-01T00:00:00Z","lastUpdatedAt":"2026-01-01T00:00:01Z","ttl":null}]}`,
})

// tasks/list is offered --all and cursor= as the other lists are (Tab and
// the hint ask IsList); TestRunListPages follows its pages.
func TestTasksListIsAList(t *testing.T) {
	if !IsList("tasks/list") {
		t.Error("tasks/list is not offered --all and cursor= as the other lists are")
	}
}
