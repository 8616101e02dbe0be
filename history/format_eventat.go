package history

import "fmt"

// atAbove is the length of an event's id or name past which it is stored as
// where it lies in the event's raw bytes (IDAt, NameAt): a short one reads
// best spelt out, and a server's id or name of a megabyte was stored twice,
// raw and spelt (a name of control bytes six times over in each, as \u
// escapes, built in memory whole to write the line).
const atAbove = 256

// storeAt returns where s lies in raw when it is long and lies there; nil
// when it is to be spelt out.
func storeAt(raw, s string) *[2]int {
	if len(s) <= atAbove {
		return nil
	}
	if from, ok := within(raw, s); ok {
		return &[2]int{from, from + len(s)}
	}
	return nil
}

// storeFields stores the event's long id and name as where they lie in raw.
func (d *diskEvent) storeFields(raw string) {
	if d.IDAt = storeAt(raw, d.SSEEvent.ID); d.IDAt != nil {
		d.SSEEvent.ID = ""
	}
	if d.NameAt = storeAt(raw, d.SSEEvent.Name); d.NameAt != nil {
		d.SSEEvent.Name = ""
	}
}

// readFields sets the event's id and name from IDAt and NameAt, when they
// were stored so.
func (de *diskEvent) readFields() error {
	if de.IDAt != nil {
		id, err := de.at(*de.IDAt, "id_at")
		if err != nil {
			return err
		}
		de.SSEEvent.ID = id
	}
	if de.NameAt != nil {
		name, err := de.at(*de.NameAt, "name_at")
		if err != nil {
			return err
		}
		de.SSEEvent.Name = name
	}
	return nil
}

// at is the event's raw bytes at [from, to], which its member (data_at,
// id_at, name_at) named; an error when they lie outside them.
func (de *diskEvent) at(at [2]int, member string) (string, error) {
	if at[0] < 0 || at[1] < at[0] || at[1] > len(de.Raw) {
		return "", fmt.Errorf("%s [%d,%d] is outside the event's %d bytes", member, at[0], at[1], len(de.Raw))
	}
	return string(de.Raw[at[0]:at[1]]), nil
}
