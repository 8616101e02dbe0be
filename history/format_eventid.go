package history

import "fmt"

// idAtAbove is the length of an event id past which it is stored as where
// it lies in the event's raw bytes (IDAt): a short one reads best spelt
// out, and a server's id of a megabyte was stored twice, raw and spelt.
const idAtAbove = 256

// storeID stores the event's id as where it lies in raw when it is long
// and lies there.
func (d *diskEvent) storeID(raw string) {
	id := d.SSEEvent.ID
	if len(id) <= idAtAbove {
		return
	}
	if from, ok := within(raw, id); ok {
		d.IDAt = &[2]int{from, from + len(id)}
		d.SSEEvent.ID = ""
	}
}

// readID sets the event's id from IDAt, when the id was stored so.
func (de *diskEvent) readID() error {
	at := de.IDAt
	if at == nil {
		return nil
	}
	if at[0] < 0 || at[1] < at[0] || at[1] > len(de.Raw) {
		return fmt.Errorf("id_at [%d,%d] is outside the event's %d bytes", at[0], at[1], len(de.Raw))
	}
	de.SSEEvent.ID = string(de.Raw[at[0]:at[1]])
	return nil
}
