package demo;

import org.springframework.amqp.rabbit.core.RabbitTemplate;

public class TaskService {
    TaskDao tasks;
    RabbitTemplate rabbit;

    public void complete(String id, Task.Status status, String output) {
        Task t = tasks.findById(id);
        t.setStatus(status);
        t.setOutput(output);
        tasks.updateTask(t);
        rabbit.convertAndSend("task-events", id);
    }
}

interface TaskDao {
    Task findById(String id);

    void updateTask(Task task);
}

class Task {
    enum Status { SCHEDULED, IN_PROGRESS, COMPLETED, FAILED }

    private String id;
    private Status status;
    private String output;

    public String getId() { return id; }
    public Status getStatus() { return status; }
    public void setStatus(Status status) { this.status = status; }
    public void setOutput(String output) { this.output = output; }
}
