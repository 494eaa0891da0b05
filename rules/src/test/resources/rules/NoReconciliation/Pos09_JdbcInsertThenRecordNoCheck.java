// A listener writes a ledger row with JdbcTemplate and then marks the message row handled; nothing ever compares
// inbox_message with ledger_entry, so a crash between the two, or a manual fix, goes unnoticed: IDEM012.
package demo;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.annotation.KafkaListener;

class LedgerListener {
    JdbcTemplate jdbc;

    @KafkaListener(topics = "payments")
    public void onPayment(Payment p) { // expect: IDEM012 "no query reads inbox_message together with ledger_entry"
        jdbc.update("INSERT INTO ledger_entry (message_id, amount) VALUES (?, ?)", p.getId(), p.getAmount());
        jdbc.update("UPDATE inbox_message SET status = 'HANDLED' WHERE id = ?", p.getId());
    }
}

class Payment {
    long id;
    long amount;

    long getId() {
        return id;
    }

    long getAmount() {
        return amount;
    }
}
