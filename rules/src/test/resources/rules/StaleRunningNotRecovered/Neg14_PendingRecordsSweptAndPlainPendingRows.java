// Pending idempotency records are swept by age (a native delete on the status and the creation time), so a record
// left by a dead process expires; and a PENDING value passed for an ordinary new work row (not an idempotency record)
// is a row waiting for work, not one being worked on. No finding.
package com.example.e008.neg14;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

public class PaymentController {

    private IdempotencyService idempotency;
    private TaskService tasks;

    public void pay(String key, String request) {
        idempotency.record(key, IdempotencyRecord.Status.pending);
        tasks.enqueue(request, "PENDING");
    }
}

class IdempotencyService {

    private IdempotencyRepository repository;

    void record(String key, IdempotencyRecord.Status status) {
        IdempotencyRecord row = new IdempotencyRecord();
        row.setResponseStatus(status);
        repository.save(row);
    }
}

interface IdempotencyRepository extends JpaRepository<IdempotencyRecord, String> {
    @Modifying
    @Query(value = "DELETE FROM idempotency_records WHERE response_status = 'pending' "
            + "AND date_created < NOW() - INTERVAL '1 hour'", nativeQuery = true)
    int expirePending();
}

class TaskService {

    private TaskRepository repository;

    void enqueue(String request, String status) {
        WorkTask task = new WorkTask();
        task.setStatus(status);
        repository.save(task);
    }
}

interface TaskRepository extends JpaRepository<WorkTask, Long> {
}

@Entity
@Table(name = "idempotency_records")
class IdempotencyRecord {
    enum Status { pending, completed }

    @Id
    private String key;
    private Status responseStatus;

    void setResponseStatus(Status s) { this.responseStatus = s; }
}

@Entity
@Table(name = "work_task")
class WorkTask {
    @Id
    private Long id;
    private String status;

    void setStatus(String s) { this.status = s; }
}
