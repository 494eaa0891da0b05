// A payment endpoint saves a 'pending' idempotency record (the status passed as an argument to a helper that builds
// the row and saves it), then calls the payment provider and marks the record completed. Nothing ever expires or
// sweeps pending records: if the process dies in between, the record stays pending and every retry with the same key
// is refused as a request in progress. Finding at the call that passes the pending value.
package com.example.e008.pos12;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

public class PaymentController {

    private IdempotencyService idempotency;
    private ProviderClient provider;

    public String pay(String key, String request) {
        if (idempotency.exists(key)) {
            return "409";
        }
        idempotency.record(key, request, IdempotencyRecord.Status.pending); // expect: IDEM008 "passing IdempotencyRecord.Status.pending"
        String response = provider.charge(request);
        idempotency.record(key, request, IdempotencyRecord.Status.completed);
        return response;
    }
}

class IdempotencyService {

    private IdempotencyRepository repository;

    boolean exists(String key) {
        return repository.existsById(key);
    }

    void record(String key, String request, IdempotencyRecord.Status status) {
        IdempotencyRecord row = IdempotencyRecord.builder().key(key).request(request).responseStatus(status).build();
        repository.saveAndFlush(row);
    }
}

interface IdempotencyRepository extends JpaRepository<IdempotencyRecord, String> {
    @Query(value = "SELECT * FROM idempotency_records WHERE request_key = ?1", nativeQuery = true)
    IdempotencyRecord byKey(String key);
}

interface ProviderClient {
    String charge(String request);
}

@Entity
@Table(name = "idempotency_records")
class IdempotencyRecord {
    enum Status { pending, completed }

    @Id
    private String key;
    private String request;
    private Status responseStatus;

    static Builder builder() {
        return new Builder();
    }

    static class Builder {
        Builder key(String k) { return this; }
        Builder request(String r) { return this; }
        Builder responseStatus(Status s) { return this; }
        IdempotencyRecord build() { return new IdempotencyRecord(); }
    }
}
