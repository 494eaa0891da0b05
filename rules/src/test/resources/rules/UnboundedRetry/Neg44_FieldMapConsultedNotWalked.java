// A scheduled job walks the handlers a service returns (a fresh list each pass, not a store kept until acknowledged)
// and, for each, asks a field map of evaluators whether its condition holds, then sends an execution record built
// from the handler and the condition. The map is consulted, never walked: nothing is re-sent from it, so there is no
// re-send loop. Its look-alike Pos24 walks the map of unacknowledged events itself.
package com.example.e006.neg44;

import java.util.List;
import java.util.Map;
import org.springframework.scheduling.annotation.Scheduled;

public class EventJob {

    private final Map<String, Evaluator> evaluators;
    private HandlerService handlers;
    private ExecutionClient executions;

    public EventJob(Map<String, Evaluator> evaluators) {
        this.evaluators = evaluators;
    }

    @Scheduled(fixedDelay = 5000)
    public void run() {
        List<Handler> list = handlers.activeHandlers();
        for (Handler handler : list) {
            String condition = handler.getCondition();
            boolean success = true;
            if (condition != null && evaluators.get(handler.getType()) != null) {
                success = evaluators.get(handler.getType()).evaluate(condition, handler.getName());
            }
            Execution execution = new Execution(handler.getName());
            execution.put("condition", condition);
            execution.put("success", String.valueOf(success));
            executions.sendExecution(execution); // no finding: the map is consulted, not walked
        }
    }
}

interface Evaluator {
    boolean evaluate(String condition, Object input);
}

interface HandlerService {
    List<Handler> activeHandlers();
}

interface ExecutionClient {
    void sendExecution(Execution e);
}

class Handler {
    String getCondition() { return "x"; }
    String getType() { return "js"; }
    String getName() { return "h"; }
}

class Execution {
    Execution(String name) { }
    void put(String k, String v) { }
}
