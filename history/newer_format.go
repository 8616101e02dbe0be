package history

import "errors"

// NewerFormat reports whether err is Open's refusal of a recording written
// in a format version newer than this mcpscope reads: a recording all the
// same, of a session nothing else may have kept, which no file this
// mcpscope writes may replace.
func NewerFormat(err error) bool {
	var newer *newerFormatError
	return errors.As(err, &newer)
}
