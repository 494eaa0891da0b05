// The notifier publishes the statement, then repository.markStatementSent(id) records it; the repository's SQL is not visible, and mark + noun + state names a record: finding on publish (basis: the record's name).
package com.example.pos40;

import java.util.List;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.scheduling.annotation.Scheduled;

public class StatementNotifier {

    private final KafkaTemplate<String, String> kafka;
    private final StatementRepository statements;

    public StatementNotifier(KafkaTemplate<String, String> kafka, StatementRepository statements) {
        this.kafka = kafka;
        this.statements = statements;
    }

    @Scheduled(fixedDelay = 10_000)
    public void notifyReady() {
        for (Statement s : statements.findReady()) {
            kafka.send("statements", s.getBody()); // expect: IDEM001
            statements.markStatementSent(s.getId());
        }
    }
}

interface StatementRepository {
    List<Statement> findReady();

    void markStatementSent(long id);
}

class Statement {
    private long id;
    private String body;

    public long getId() { return id; }
    public String getBody() { return body; }
}
