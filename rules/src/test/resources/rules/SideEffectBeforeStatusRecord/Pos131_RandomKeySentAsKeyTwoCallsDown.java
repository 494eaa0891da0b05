// The key position is right (ReminderService.remind hands its requestId to ReminderClient.post, which sends it as the
// Idempotency-Key header), but the job passes UUID.randomUUID() and the clock: a re-run sends a fresh key, so the
// downstream sends the reminder again: one finding per call.
package com.example.pos131;

import java.util.List;
import java.util.UUID;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

@Component
public class InvoiceReminderJob {

    private final InvoiceMapper invoices;
    private final ReminderService reminders;

    public InvoiceReminderJob(InvoiceMapper invoices, ReminderService reminders) {
        this.invoices = invoices;
        this.reminders = reminders;
    }

    @Scheduled(cron = "0 0 9 * * *")
    public void run() {
        for (Invoice inv : invoices.selectOverdue()) {
            reminders.remind(inv, UUID.randomUUID().toString()); // expect: IDEM001
            invoices.markReminded(inv.getId());
        }
        for (Invoice inv : invoices.selectDisputed()) {
            String requestId = inv.getId() + ":" + System.currentTimeMillis();
            reminders.remind(inv, requestId); // expect: IDEM001
            invoices.markDisputeNoticed(inv.getId());
        }
    }
}

@Component
class ReminderService {

    private final ReminderClient client;

    ReminderService(ReminderClient client) {
        this.client = client;
    }

    void remind(Invoice inv, String requestId) {
        client.post(inv, requestId);
    }
}

@Component
class ReminderClient {

    private final RestTemplate rest;

    ReminderClient(RestTemplate rest) {
        this.rest = rest;
    }

    void post(Invoice inv, String token) {
        HttpHeaders headers = new HttpHeaders();
        headers.set("Idempotency-Key", token);
        rest.postForObject("https://mail.example.com/reminders", new HttpEntity<>(inv, headers), Void.class);
    }
}

@Mapper
interface InvoiceMapper {
    @Select("SELECT * FROM invoice WHERE status = 'OVERDUE'")
    List<Invoice> selectOverdue();

    @Select("SELECT * FROM invoice WHERE status = 'DISPUTED'")
    List<Invoice> selectDisputed();

    @Update("UPDATE invoice SET status = 'REMINDED' WHERE id = #{id}")
    int markReminded(@Param("id") long id);

    @Update("UPDATE invoice SET status = 'DISPUTE_NOTICED' WHERE id = #{id}")
    int markDisputeNoticed(@Param("id") long id);
}

class Invoice {
    private long id;

    public long getId() { return id; }
}
