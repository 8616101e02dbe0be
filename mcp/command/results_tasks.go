package command

import "encoding/json"

// Task is one entry of a tasks/list answer (2025-11-25): a task a request
// made, where it stands, and how long the server keeps it.
type Task struct {
	TaskID        string `json:"taskId"`
	Status        string `json:"status"`
	StatusMessage string `json:"statusMessage,omitempty"`
	CreatedAt     string `json:"createdAt,omitempty"`
	LastUpdatedAt string `json:"lastUpdatedAt,omitempty"`
	// TTL is how many milliseconds the server keeps the task from its
	// creation; absent or null keeps it until it is cancelled. Kept as
	// written (TaskMillis reads it): a ttl of "x" or 1e300 read into a
	// number was 0, and the task was said to be "kept 0s".
	TTL json.RawMessage `json:"ttl,omitempty"`
	// PollInterval is the milliseconds the server asks a client to wait
	// between two tasks/get of it; absent or null when it says none.
	PollInterval json.RawMessage `json:"pollInterval,omitempty"`
}

// ParseTasks reads the tasks and the next page's cursor of a tasks/list
// result.
func ParseTasks(result json.RawMessage) (Page[Task], error) {
	return parsePage[Task](result, "tasks/list", "tasks")
}

// TaskMillis reads a task's ttl or pollInterval, named name: its
// milliseconds and given true, nothing for one absent or null, or, when it
// is no whole number of milliseconds ("x", 1e300) or a negative one, the
// words saying it is invalid as the server wrote it: "ttl -5 (invalid: a
// negative number of milliseconds)".
func TaskMillis(name string, raw json.RawMessage) (ms int64, given bool, invalid string) {
	if len(raw) == 0 || string(raw) == "null" {
		return 0, false, ""
	}
	ms, invalid = readMillis(name, raw, "invalid: ", "invalid: a negative number of milliseconds")
	return ms, invalid == "", invalid
}
