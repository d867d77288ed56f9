import { Box, Stack } from '@chakra-ui/react';
import type { Job } from '../../../schemas/job.schema';
import { JobProgress } from '../../lib/jobs/job-progress';

/**
 * The running jobs' progress, state and log lines, with a Stop for each: the body of the top
 * bar's list, loaded when the list first opens (running-jobs.tsx), not with the shell.
 */
export default function RunningJobsList({ jobs }: { jobs: Job[] }) {
  return (
    <Stack gap="4" maxH="70vh" overflowY="auto">
      {jobs.map((job) => (
        <Box key={job.id}>
          <JobProgress job={job} />
        </Box>
      ))}
    </Stack>
  );
}
