package demo;

import java.util.List;

public interface TaskMapper {
    List<Task> selectPending();

    int markProcessing(long id);

    int markDone(long id);
}
