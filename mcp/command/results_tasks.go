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
	// creation; nil (null, or none given) keeps it until it is cancelled.
	TTL *int64 `json:"ttl,omitempty"`
	// PollInterval is the milliseconds the server asks a client to wait
	// between two tasks/get of it; nil when it says none.
	PollInterval *int64 `json:"pollInterval,omitempty"`
}

// ParseTasks reads the tasks and the next page's cursor of a tasks/list
// result.
func ParseTasks(result json.RawMessage) ([]Task, string, error) {
	return parsePage[Task](result, "tasks/list", "tasks")
}
